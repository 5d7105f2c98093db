import ArgumentParser
import NoticeHub

/// `--from SEQ`, shared by the commands that read the journal from a point on.
package struct StartOption: ParsableArguments {
    /// The option as parsing makes it.
    package init() {}

    @Option(
        help: ArgumentHelp(
            "Start at this sequence number (default: the journal's first, or its first retained once trimmed).",
            valueName: "seq"))
    package var from: Int64?

    /// The first sequence number to replay: `--from`, else 1, so that a
    /// replay of a trimmed journal says so instead of starting later.
    package var first: Int64 { from ?? 1 }

    /// The first sequence number to list: `--from`, else the first the
    /// journal still holds.
    package func first(in hub: NoticeHub) throws -> Int64 {
        try from ?? hub.journal.firstRetainedSequence()
    }

    package func validate() throws {
        if let from, from < 1 { throw ValidationError("--from must be at least 1") }
    }
}
