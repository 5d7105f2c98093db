/// How the tool writes a count in text: digits grouped by threes with
/// commas (`48,000`), and the noun in the singular for one. Sequence numbers
/// (`#48000`) are names of notices, not counts, and stay ungrouped; JSON
/// numbers are never grouped.
package enum CountText {
    /// `48,000`
    package static func grouped<Count: BinaryInteger>(_ value: Count) -> String {
        let digits = String(value.magnitude)
        var result = value < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }

    /// `1 notice`, `48,000 notices`
    package static func counted<Count: BinaryInteger>(_ value: Count, _ noun: String) -> String {
        "\(grouped(value)) \(value == 1 ? noun : noun + "s")"
    }
}
