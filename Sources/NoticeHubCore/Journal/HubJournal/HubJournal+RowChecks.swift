/// Checking the journal's rows: payloads that no longer decode as their
/// message types, and rows the library would refuse to write.
extension HubJournal {
    /// The notices under the names of `types` whose payload does not decode
    /// as that type: how many of how many checked, and the first `limit`, in
    /// journal order. Every notice of those names from `start` (by default
    /// the first the journal holds) is read; a notice is checked against
    /// each type of its name.
    ///
    /// ```swift
    /// let found = try hub.journal.undecodableNotices(as: [NewsPublished.self, NewsLiked.self])
    /// for undecodable in found.listed { print(undecodable) }
    /// ```
    public func undecodableNotices(as types: [any NoticeMessage.Type], limit: Int = 20, from start: Int64? = nil)
        throws -> UndecodableNotices
    {
        var byName: [NoticeName: [any NoticeMessage.Type]] = [:]
        for type in types { byName[type.name, default: []].append(type) }
        guard !byName.isEmpty else { return UndecodableNotices(checked: 0, count: 0, listed: []) }
        var checked = 0
        var count = 0
        var listed: [UndecodableNotice] = []
        func check<Message: NoticeMessage>(_ notice: Notice, as type: Message.Type) {
            do throws(NoticeHubError) {
                _ = try notice.decode(Message.self)
            } catch {
                count += 1
                if listed.count < limit {
                    listed.append(UndecodableNotice(notice: notice, expected: "\(Message.self)", error: error))
                }
            }
        }
        try withConnection { connection in
            let query = JournalQuery(
                from: try start ?? connection.keptMark(.firstRetained) ?? 1, through: try connection.lastSequence(),
                names: Set(byName.keys), kinds: [.notice])
            try connection.read(query) { notice in
                checked += 1
                for type in byName[notice.name] ?? [] { check(notice, as: type) }
                return true
            }
        }
        return UndecodableNotices(checked: checked, count: count, listed: listed)
    }

    /// Rows the library would refuse to write (edited behind its back), or
    /// whose payload is larger than 1 MiB (a hub's default limit), which
    /// `noticectl import` refuses: how many, and the first `limit` of them
    /// with what is wrong, in sequence order; and the gaps between sequence
    /// numbers, counted, the first `limit` of them listed; and the names
    /// whose kept counts disagree with the rows. The whole journal is read,
    /// in memory that does not grow with it.
    ///
    /// After a `checkpoint` (the ``MalformedRows/checkedThrough`` of an
    /// earlier check, which ``HubJournal/saveVerifiedCheckpoint(_:)``
    /// keeps), only the rows numbered above it are read; the counts are
    /// then compared with the span of sequence numbers instead of the rows,
    /// which finds a row deleted at the end but not one deleted between.
    public func malformedRows(limit: Int = 20, after checkpoint: Int64? = nil) throws -> MalformedRows {
        try withConnection { connection in
            // The counts first: the rows through their last sequence are the
            // ones they counted, whatever is appended during the read.
            let statistics = try connection.statistics()
            let firstRetained = try connection.keptMark(.firstRetained) ?? 1
            // From the lowest number a row can hold: a row numbered below 1
            // is malformed too.
            var query = JournalQuery(from: checkpoint.map { $0 + 1 } ?? .min, through: statistics.lastSequence ?? 0)
            query.checksRows = true
            query.includesTrimmed = true
            var found = MalformedRows()
            found.checkedThrough = statistics.lastSequence ?? 0
            if checkpoint != nil, let first = statistics.firstSequence, let last = statistics.lastSequence {
                // Numbers a rule by name removed hold no row, and are no gap.
                let removed = try connection.nameRetention?.removedNoticeCount(in: first...last) ?? 0
                if Int64(statistics.notices) + removed != last - first + 1 {
                    found.miscountedSpan = CountedSpan(
                        counted: statistics.notices, removed: removed, first: first, last: last)
                }
            }
            var held: [String: Int] = [:]
            // Rows below the first retained one, left by an unfinished trim,
            // are counted but leave no gap.
            var next = max(firstRetained, query.from)
            let checkedFrom = next
            func record(_ sequence: Int64, _ problem: String) {
                found.count += 1
                if found.listed.count < limit {
                    found.listed.append(.malformedRow(sequence: sequence, problem: problem))
                }
            }
            var missing: Int64 = 0
            /// Notes a gap before the row numbered `sequence`.
            func reach(_ sequence: Int64) {
                guard sequence >= next else { return }
                if sequence > next {
                    found.gapCount += 1
                    missing += sequence - next
                    if found.gaps.count < limit { found.gaps.append(next...(sequence - 1)) }
                }
                next = sequence + 1
            }
            while true {
                do {
                    try connection.read(query) { notice in
                        let sequence = notice.sequence ?? next
                        reach(sequence)
                        held[notice.name.rawValue, default: 0] += 1
                        let bytes = notice.payload.storedByteCount
                        if bytes > NoticeHub.payloadLimitByDefault {
                            record(
                                sequence,
                                "payload is \(bytes) bytes, more than noticectl import accepts "
                                    + "(\(NoticeHub.payloadLimitByDefault))")
                        }
                        return true
                    }
                    // A malformed row is not counted by name (its name may be
                    // what is wrong), so counts are compared only without one.
                    if found.count == 0, checkpoint == nil {
                        found.miscounted = Self.miscounted(statistics.byName, held: held)
                    }
                    if missing > 0, let last = statistics.lastSequence {
                        try Self.removeHolesOfRetention(
                            from: &found, missing: missing, in: checkedFrom...last,
                            connection: connection)
                    }
                    if let last = statistics.lastSequence, checkedFrom <= last {
                        found.erased = try connection.erasing?.erasedNoticeCount(in: checkedFrom...last) ?? 0
                    }
                    return found
                } catch let error as JournalError {
                    guard case .malformedRow(let sequence, let problem) = error.kind else { throw error }
                    reach(sequence)
                    record(sequence, problem)
                    query.from = sequence + 1
                }
            }
        }
    }

    /// Takes off `found`'s gaps the numbers a rule by name removed: none is
    /// left when those were all `missing` numbers in `range`; otherwise
    /// each gap listed loses the runs the journal recorded, and the gaps
    /// they covered whole are no longer counted.
    private static func removeHolesOfRetention(
        from found: inout MalformedRows, missing: Int64, in range: ClosedRange<Int64>,
        connection: any JournalConnection
    ) throws {
        let removed = try connection.nameRetention?.removedNoticeCount(in: range) ?? 0
        guard removed > 0 else { return }
        if removed == missing {
            found.gapCount = 0
            found.gaps = []
            return
        }
        var left: [ClosedRange<Int64>] = []
        for gap in found.gaps {
            var next = gap.lowerBound
            var parts: [ClosedRange<Int64>] = []
            for run in try connection.nameRetention?.removedSequences(overlapping: gap) ?? [] {
                if run.lowerBound > next { parts.append(next...(run.lowerBound - 1)) }
                next = run.upperBound + 1
            }
            if next <= gap.upperBound { parts.append(next...gap.upperBound) }
            if parts.isEmpty { found.gapCount -= 1 }
            found.gapCount += max(0, parts.count - 1)
            left += parts
        }
        found.gaps = left
    }

    /// The names whose count in `counted` differs from `held`, in name order.
    private static func miscounted(_ counted: [JournalStatistics.NameCount], held: [String: Int]) -> [MiscountedName] {
        var counts = Dictionary(counted.map { ($0.name, $0.count) }, uniquingKeysWith: +)
        for name in held.keys where counts[name] == nil { counts[name] = 0 }
        return counts.keys.sorted().compactMap { name in
            let counted = counts[name] ?? 0
            let rows = held[name] ?? 0
            return counted == rows ? nil : MiscountedName(name: name, counted: counted, held: rows)
        }
    }
}
