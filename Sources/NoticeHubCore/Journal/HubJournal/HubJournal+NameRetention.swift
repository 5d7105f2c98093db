import Foundation
import NoticeJSON

/// Retention by name (``RetentionPolicy/byName``): each rule removes the
/// oldest notices of the names it matches from among the others.
extension HubJournal {
    /// `rules` without those that limit nothing, in the order of their
    /// patterns; refuses a limit below 1 and a pattern given twice.
    static func checkedRules(_ rules: [NameRetention]) throws -> [NameRetention] {
        var seen: Set<NoticeName> = []
        for rule in rules {
            let shown = IdentifierRules.quoted(rule.names.rawValue)
            guard seen.insert(rule.names).inserted else {
                throw JournalError.trimRefused("the retention policy gives \(shown) two rules")
            }
            if let count = rule.maxCount, count < 1 {
                throw JournalError.trimRefused("the rule for \(shown) keeps at least 1 notice, not \(count)")
            }
            if let age = rule.maxAge, age <= .zero {
                throw JournalError.trimRefused("the rule for \(shown) needs a positive maximum age")
            }
            if let bytes = rule.maxBytes, bytes < 1 {
                throw JournalError.trimRefused("the rule for \(shown) keeps at least 1 byte, not \(bytes)")
            }
            if let field = rule.keepingLatestBy,
                field.isEmpty || field.utf8.count > 256 || field.unicodeScalars.contains(where: { $0.value < 0x20 })
            {
                throw JournalError.trimRefused(
                    "the rule for \(shown) needs a payload field of 1 to 256 bytes without control characters")
            }
        }
        return rules.filter { !$0.keepsEverything }.sorted { $0.names.rawValue < $1.names.rawValue }
    }

    /// Refuses rules that would remove notices an installed projection
    /// handles: its state could no longer be rebuilt from the journal.
    func refuseRulesOverProjections(_ rules: [NameRetention]) throws {
        guard !rules.isEmpty else { return }
        let installed = try self.installedProjections()
        guard !installed.isEmpty else { return }
        let journaled = try self.statistics().byName.map { NoticeName(trusted: $0.name) }
        for rule in rules {
            for projection in installed {
                for handled in projection.names {
                    let overlap =
                        rule.names == handled || rule.names.matches(handled) || handled.matches(rule.names)
                        || journaled.contains { rule.names.matches($0) && handled.matches($0) }
                    guard overlap else { continue }
                    throw JournalError.trimRefused(
                        "the rule for \(IdentifierRules.quoted(rule.names.rawValue)) would remove notices "
                            + "named \(IdentifierRules.quoted(handled.rawValue)), which projection "
                            + "\(IdentifierRules.quoted(projection.identity)) handles, and it could never be rebuilt")
                }
            }
        }
    }

    /// Applies `rules`: for each name the journal holds that a rule
    /// matches, removes its notices that the rules do not keep, oldest
    /// first, in transactions of ``trimBatchSize`` on a connection of their
    /// own, as a trim does. It keeps the journal's last notice, and the
    /// notices a durable subscriber has not handled, naming the first
    /// subscriber that held a removal back.
    func applyRetentionByName(_ rules: [NameRetention], now: Int64?, until stopped: () -> Bool) throws
        -> (removed: [NoticeName: Int], heldBackBy: String?)
    {
        try refuseRulesOverProjections(rules)
        let statistics = try self.statistics()
        guard let last = statistics.lastSequence else { return ([:], nil) }
        let first = try self.firstRetainedSequence()
        let behind = statistics.subscribers.min { $0.cursor < $1.cursor }
        let ceiling = min(last - 1, behind?.cursor ?? .max)
        let now = now ?? WallClock.nowMilliseconds()
        var heldBackBy: String?
        let named = statistics.byName.filter { $0.count > 0 }.compactMap { count in
            let name = NoticeName(trusted: count.name)
            let matching = rules.filter { $0.names.matches(name) }
            return matching.isEmpty ? nil : (name: name, held: count.count, rules: matching)
        }
        guard !named.isEmpty else { return ([:], nil) }
        guard let backend else { throw JournalError.noJournal }
        let connection = try backend.connect(durability: .always).requireNameRetention()
        var removed: [NoticeName: Int] = [:]
        for (name, held, matching) in named where !stopped() {
            var through = first - 1
            for rule in matching {
                through = max(through, try cut(of: name, holding: held, by: rule, from: first, now: now))
            }
            if through > ceiling {
                // Past the journal's last notice but one, or past a subscriber's cursor.
                if let behind, behind.cursor < through, heldBackBy == nil { heldBackBy = behind.name }
                through = ceiling
            }
            if through >= first {
                removed[name, default: 0] += try Self.removeInBatches(on: connection, until: stopped) {
                    let count = try $0.removeNotices(named: name, through: through, limit: Self.trimBatchSize)
                    return count > 0 ? count : nil
                }
            }
            for field in matching.compactMap(\.keepingLatestBy) {
                let superseded = try self.superseded(name, by: field, from: first)
                // A superseded notice is never the last: past the ceiling, it is past a cursor.
                var left = superseded.filter { $0 <= ceiling }[...]
                if left.count < superseded.count, heldBackBy == nil { heldBackBy = behind?.name }
                removed[name, default: 0] += try Self.removeInBatches(on: connection, until: stopped) { connection in
                    guard !left.isEmpty else { return nil }
                    let batch = Array(left.prefix(Self.trimBatchSize))
                    left = left.dropFirst(batch.count)
                    return try connection.removeNotices(named: name, sequences: batch)
                }
            }
        }
        return (removed.filter { $0.value > 0 }, heldBackBy)
    }

    /// Runs `batch` in transactions of its own on `connection` until it
    /// returns nil, pausing between them as a trim does so that a waiting
    /// poster takes the write lock; returns how many notices it removed.
    private static func removeInBatches(
        on connection: any NameRetentionJournalConnection, until stopped: () -> Bool,
        _ batch: (any NameRetentionJournalConnection) throws -> Int?
    ) throws -> Int {
        var removed = 0
        while !stopped() {
            try connection.beginAppending()
            let count: Int?
            do {
                count = try batch(connection)
                try connection.commitAppending()
            } catch {
                connection.rollbackAppending()
                throw error
            }
            guard let count else { break }
            removed += count
            Thread.sleep(forTimeInterval: 0.000_25)
        }
        return removed
    }

    /// The notices of `name`, numbered from `first` on, that a later notice
    /// of the name supersedes: its payload holds the same value in `field`.
    /// In order; a payload without the field supersedes nothing.
    private func superseded(_ name: NoticeName, by field: String, from first: Int64) throws -> [Int64] {
        var newest: [String: Int64] = [:]
        var superseded: [Int64] = []
        try self.read(JournalQuery(from: first, names: [name])) { notice in
            guard let sequence = notice.sequence,
                let key = try? JSONParser.parse(try notice.payloadJSON())[field]?.serialized()
            else { return true }
            if let earlier = newest.updateValue(sequence, forKey: key) { superseded.append(earlier) }
            return true
        }
        return superseded.sorted()
    }

    /// The last notice of `name`, numbered from `first` on, that `rule`
    /// does not keep; `first - 1` when it keeps them all. `held` is how
    /// many notices of the name the journal counts.
    private func cut(of name: NoticeName, holding held: Int, by rule: NameRetention, from first: Int64, now: Int64)
        throws -> Int64
    {
        var through = first - 1
        var query = JournalQuery(from: first, names: [name])
        if let count = rule.maxCount, Int64(held) > count {
            query.limit = Int(Int64(held) - count)
            try self.read(query) { notice in
                through = max(through, notice.sequence ?? through)
                return true
            }
            query.limit = nil
        }
        if let age = rule.maxAge {
            let cutoff = now - Self.milliseconds(age)
            try self.read(query) { notice in
                guard notice.postedAtMilliseconds < cutoff else { return false }
                through = max(through, notice.sequence ?? through)
                return true
            }
        }
        if let bytes = rule.maxBytes {
            let stored = try self.readState { store in
                try store.integer("SELECT payload_bytes FROM journal_counts WHERE name = ?", [.text(name.rawValue)])
            }
            var excess = (stored ?? 0) - bytes
            if excess > 0 {
                try self.read(query) { notice in
                    excess -= Int64(try notice.payloadJSON().utf8.count)
                    through = max(through, notice.sequence ?? through)
                    return excess > 0
                }
            }
        }
        return through
    }
}
