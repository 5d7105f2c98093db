/// A runtime failure the tool itself reports (exit 1), in one line naming
/// what was wrong; library errors carry their own one-line descriptions.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
