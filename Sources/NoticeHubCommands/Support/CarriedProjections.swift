import ArgumentParser
import NoticeHub

/// The projections the tool carries (``NoticeTool/projections``), and which
/// of them a journal gets: those it has installed, and those a command
/// installs.
package enum CarriedProjections {
    /// Every projection the tool carries.
    static var all: [any Projection] { ToolContext.tool.projections }

    /// Whether the tool carries the projection `identity`.
    static func carries(_ identity: String) -> Bool {
        all.contains { $0.schema.identity == identity }
    }

    /// What a refusal naming a projection the tool does not carry adds: how
    /// to get a tool that carries it.
    static var howToCarry: String {
        "a tool that carries it is the app's own, built on NoticeHubCommands (the article \"Your own noticectl\")"
    }

    /// The carried projection `identity`, or a usage error naming those
    /// carried: what `projections rebuild` and `remove` take.
    static func named(_ identity: String) throws -> any Projection {
        guard let projection = all.first(where: { $0.schema.identity == identity }) else {
            let known = all.map(\.schema.identity).sorted().joined(separator: ", ")
            throw ValidationError(
                "this \(ToolContext.name) carries no projection '\(identity)' (it carries: "
                    + "\(known.isEmpty ? "none" : known)); \(howToCarry)")
        }
        return projection
    }

    /// The states of `hub`'s projections as of `sequence`; one the tool does
    /// not carry fails naming it, with `advice` on what to do instead.
    static func states(asOf sequence: Int64, in hub: NoticeHub, advice: String) throws -> [ProjectionSnapshot] {
        do {
            return try hub.journal.projectionStates(asOf: sequence)
        } catch let error as JournalError {
            guard error.code == .projectionUnusable, let projection = error.projection, !carries(projection) else {
                throw error
            }
            throw CommandFailure(
                "the state of projection \(projection) as of #\(sequence) is unknown: \(ToolContext.name) does not "
                    + "carry it; \(advice); \(howToCarry)")
        }
    }

    /// The projections to open the journal `reader` reads with: the
    /// carried ones it has installed, then `installing`, then those the
    /// tool adopts (``NoticeTool``).
    static func forJournal(read reader: NoticeHub, installing: [any Projection]) throws -> [any Projection] {
        let installed = Set(try reader.journal.installedProjections().map(\.identity))
        var identities = Set(installing.map(\.schema.identity))
        var projections = installing
        for projection in all where installed.contains(projection.schema.identity) {
            if identities.insert(projection.schema.identity).inserted { projections.append(projection) }
        }
        guard installed.isEmpty, let adopted = ToolContext.tool.adopted else { return projections }
        for projection in adopted(reader) where identities.insert(projection.schema.identity).inserted {
            projections.append(projection)
        }
        return projections
    }
}
