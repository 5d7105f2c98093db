import Foundation

/// One status line redrawn in place on stderr during long work (import,
/// export, replay); silent unless stderr is a terminal, so scripts and pipes
/// see nothing extra.
package final class ProgressLine {
    private let isVisible: Bool
    private var isShown = false

    /// - Parameter printsMeanwhile: the command prints data while the work
    ///   goes on; then, when stdout shares the terminal, the data itself
    ///   shows progress and a status line would only garble it.
    package init(printsMeanwhile: Bool = false) {
        isVisible = StandardError.isTerminal && !(printsMeanwhile && isatty(STDOUT_FILENO) == 1)
    }

    package func show(_ status: String) {
        guard isVisible else { return }
        StandardError.write("\r\u{1B}[K" + status)
        isShown = true
    }

    /// Erases the status so the command's own output starts on a clean line.
    package func finish() {
        guard isShown else { return }
        StandardError.write("\r\u{1B}[K")
        isShown = false
    }
}
