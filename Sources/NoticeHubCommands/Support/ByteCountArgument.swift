import ArgumentParser

/// A size on the command line: a whole number of bytes, or a number and a
/// unit of 1,024: `500000`, `512KiB`, `20MiB`, `1.5GiB`, `2TiB`.
struct ByteCountArgument: ExpressibleByArgument, Sendable, CustomStringConvertible {
    let bytes: Int64
    let description: String

    init?(argument: String) {
        let unit = Self.units.first { argument.hasSuffix($0.suffix) } ?? ("", 1)
        guard let amount = Double(argument.dropLast(unit.suffix.count)), amount.isFinite, amount >= 0,
            amount * unit.bytes < Double(Int64.max)
        else { return nil }
        bytes = Int64((amount * unit.bytes).rounded())
        description = argument
    }

    /// Each unit and its size, the largest first.
    private static let units: [(suffix: String, bytes: Double)] = [
        ("TiB", 1_099_511_627_776), ("GiB", 1_073_741_824), ("MiB", 1_048_576), ("KiB", 1_024),
    ]

    /// `bytes` in the largest unit that divides it: `20MiB`, `1536KiB`, `1000`.
    static func text(_ bytes: Int64) -> String {
        for unit in units where bytes >= Int64(unit.bytes) && bytes % Int64(unit.bytes) == 0 {
            return "\(bytes / Int64(unit.bytes))\(unit.suffix)"
        }
        return "\(bytes)"
    }

    static var defaultCompletionKind: CompletionKind { .default }

    /// `text` as an option's value, or an error that says what is wrong with it.
    static func parse(_ text: String) throws -> ByteCountArgument {
        if let size = ByteCountArgument(argument: text) { return size }
        if text.hasPrefix("-"), ByteCountArgument(argument: String(text.dropFirst())) != nil {
            throw ValidationError("it must not be negative")
        }
        throw ValidationError("write a number of bytes, or a number and a unit: 500000, 512KiB, 20MiB or 1.5GiB")
    }
}
