import ArgumentParser

/// `--from SEQ`, shared by the commands that read the journal from a point on.
struct StartOption: ParsableArguments {
    @Option(help: ArgumentHelp("Start at this sequence number.", valueName: "seq"))
    var from: Int64 = 1

    func validate() throws {
        if from < 1 { throw ValidationError("--from must be at least 1") }
    }
}
