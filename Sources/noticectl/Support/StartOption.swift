import ArgumentParser

/// `--from SEQ`, shared by the commands that read the journal from a point on.
struct StartOption: ParsableArguments {
    @Option(help: ArgumentHelp("Start at this sequence number (default: 1).", valueName: "seq"))
    var from: Int64?

    /// The first sequence number to read: `--from`, else 1.
    var first: Int64 { from ?? 1 }

    func validate() throws {
        if let from, from < 1 { throw ValidationError("--from must be at least 1") }
    }
}
