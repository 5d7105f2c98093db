/// A runtime failure the tool itself reports (exit 1), in one line naming
/// what was wrong; library errors carry their own one-line descriptions.
package struct CommandFailure: Error, CustomStringConvertible {
    package let description: String

    package init(_ description: String) {
        self.description = description
    }
}
