import NoticeHub

/// An input's lines, with those before its first notice read ahead: an
/// archive's first line and the projection states a journal's tail starts
/// with, which name the projections the import needs installed.
final class LeadingStates: Sequence, IteratorProtocol {
    private let rest: InputLines
    private var ahead: [String] = []
    private var index = 0
    /// The projections the leading lines name, in order, each once.
    private(set) var projections: [String] = []

    init(_ lines: InputLines) {
        rest = lines
        while let line = lines.next() {
            ahead.append(line)
            if line.allSatisfy(\.isWhitespace) { continue }
            guard let named = StateLine.projections(namedBy: line) else { break }
            for identity in named where !projections.contains(identity) { projections.append(identity) }
        }
    }

    func next() -> String? {
        guard index < ahead.count else { return rest.next() }
        defer { index += 1 }
        return ahead[index]
    }
}
