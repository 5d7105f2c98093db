import ArgumentParser

/// A duration on the command line: a number and a unit, `500ms`, `2s`,
/// `1.5s`, `1m`, `2h` or `30d`.
struct DurationArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    let duration: Duration
    let description: String

    init?(argument: String) {
        let units = Self.units
        guard let unit = units.first(where: { argument.hasSuffix($0.suffix) }),
            let amount = Double(argument.dropLast(unit.suffix.count)),
            amount.isFinite, amount >= 0, amount * unit.milliseconds < Double(Int64.max / 1_000_000)
        else { return nil }
        duration = .microseconds(Int64((amount * unit.milliseconds * 1_000).rounded()))
        description = argument
    }

    /// Each unit and its length, "ms" before "m" and "s", which it ends with.
    private static let units: [(suffix: String, milliseconds: Double)] = [
        ("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000),
    ]

    /// `duration` in the largest unit that divides it: `90d`, `36h`, `1500ms`.
    static func text(_ duration: Duration) -> String {
        let milliseconds =
            Double(duration.components.seconds) * 1_000
            + Double(duration.components.attoseconds) / 1e15
        for unit in units.reversed() where unit.milliseconds > 1 {
            let amount = milliseconds / unit.milliseconds
            if amount >= 1, amount == amount.rounded() { return "\(Int64(amount))\(unit.suffix)" }
        }
        return "\(Int64(milliseconds.rounded()))ms"
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// `text` as an option's value, or an error that says what is wrong with
    /// it (ArgumentParser puts the option's name before it): a negative
    /// duration, or not a number and a unit. The option parses its value
    /// unconditionally, so that `-1s` reaches here rather than read as an
    /// option, which would report a missing value.
    static func parse(_ text: String) throws -> DurationArgument {
        if let duration = DurationArgument(argument: text) { return duration }
        if text.hasPrefix("-"), DurationArgument(argument: String(text.dropFirst())) != nil {
            throw ValidationError("it must not be negative")
        }
        throw ValidationError("write a number and a unit: 500ms, 2s, 1.5s, 1m, 2h or 30d")
    }
}
