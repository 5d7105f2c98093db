import ArgumentParser

/// Processes that the multi-process and cross-host scripts run against a
/// shared journal (`scripts/postgres-acceptance`, `scripts/cross-host-claims`).
/// Not for people.
struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Post as a test process (internal).",
        discussion: """
            Example:
              noticehub-bench probe post --db postgres://app@localhost/app --count 5000 --sender p1
            """,
        shouldDisplay: false,
        subcommands: [ProbePostCommand.self, ProbeRequestCommand.self]
    )
}
