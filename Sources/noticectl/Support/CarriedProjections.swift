import ArgumentParser
import NoticeHub
import NoticeNews

/// The projections this build of noticectl carries, and which of them a
/// journal gets: those it has installed, and those a command installs.
enum CarriedProjections {
    /// Every projection noticectl knows: the news example's.
    static let all: [any Projection] = [LikesProjection()]

    /// Whether noticectl carries the projection `identity`.
    static func carries(_ identity: String) -> Bool {
        all.contains { $0.schema.identity == identity }
    }

    /// The carried projection `identity`, or a usage error naming those
    /// carried: what `projections rebuild` and `remove` take.
    static func named(_ identity: String) throws -> any Projection {
        guard let projection = all.first(where: { $0.schema.identity == identity }) else {
            let known = all.map(\.schema.identity).sorted().joined(separator: ", ")
            throw ValidationError("this noticectl carries no projection '\(identity)' (it carries: \(known))")
        }
        return projection
    }

    /// The states of `hub`'s projections as of `sequence`; one noticectl
    /// does not carry fails naming it, with `advice` on what to do instead.
    static func states(asOf sequence: Int64, in hub: NoticeHub, advice: String) throws -> [ProjectionSnapshot] {
        do {
            return try hub.journal.projectionStates(asOf: sequence)
        } catch let error as JournalError {
            guard error.code == .projectionUnusable, let projection = error.projection, !carries(projection) else {
                throw error
            }
            throw CommandFailure(
                "the state of projection \(projection) as of #\(sequence) is unknown: noticectl does not carry it; "
                    + advice)
        }
    }

    /// The projections to open the journal `reader` reads with: the
    /// carried ones it has installed, then `installing`. A journal of
    /// NoticeHub 0.1, whose core schema made the news example's tables, gets
    /// the news projection too, so its likes state stays kept (see
    /// ``adoptsNewsTables(_:)``).
    static func forJournal(read reader: NoticeHub, installing: [any Projection]) throws -> [any Projection] {
        let installed = Set(try reader.journal.installedProjections().map(\.identity))
        var identities = Set(installing.map(\.schema.identity))
        var projections = installing
        for projection in all where installed.contains(projection.schema.identity) {
            if identities.insert(projection.schema.identity).inserted { projections.append(projection) }
        }
        if installed.isEmpty, !identities.contains(LikesProjection.schema.identity), adoptsNewsTables(reader) {
            projections.append(LikesProjection())
        }
        return projections
    }

    /// Whether a journal with no projection registered holds the news
    /// tables, columns and all: a journal written by NoticeHub 0.1, whose
    /// core schema made them. Adopting them there keeps `post news.liked`
    /// under the likes rules as before, rather than let the state fall
    /// behind.
    private static func adoptsNewsTables(_ hub: NoticeHub) -> Bool {
        let probes = [
            "SELECT count(*) FROM news WHERE id IS NULL AND title IS NULL AND likes IS NULL",
            "SELECT count(*) FROM likes WHERE news_id IS NULL AND \"user\" IS NULL",
            "SELECT count(*) FROM profiles WHERE \"user\" IS NULL AND given_likes IS NULL",
        ]
        return
            (try? hub.journal.readState { store -> Void in
                for probe in probes { _ = try store.integer(probe, []) }
            }) != nil
    }
}
