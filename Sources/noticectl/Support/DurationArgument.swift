import ArgumentParser

/// A duration on the command line: a number and a unit, `500ms`, `2s`,
/// `1.5s` or `1m`.
struct DurationArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    let duration: Duration
    let description: String

    init?(argument: String) {
        let units: [(suffix: String, milliseconds: Double)] = [("ms", 1), ("s", 1_000), ("m", 60_000)]
        guard let unit = units.first(where: { argument.hasSuffix($0.suffix) }),
            let amount = Double(argument.dropLast(unit.suffix.count)),
            amount.isFinite, amount >= 0, amount * unit.milliseconds < Double(Int64.max / 1_000_000)
        else { return nil }
        duration = .microseconds(Int64((amount * unit.milliseconds * 1_000).rounded()))
        description = argument
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
        throw ValidationError("write a number and a unit: 500ms, 2s, 1.5s or 1m")
    }
}
