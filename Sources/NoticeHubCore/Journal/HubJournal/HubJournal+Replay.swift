extension HubJournal {
    /// Delivers journaled notices again, in sequence order, each once, marked
    /// ``Notice/isReplay``, to this hub's observers.
    ///
    /// Streams in constant memory and leaves payloads as JSON until a handler
    /// decodes them. On a machine with more than one core, a long replay
    /// reads on a second thread, a chunk or two ahead, while this one
    /// delivers. Posts that handlers make while a replay delivers are neither
    /// journaled nor delivered: the journal already holds what they led to.
    /// Returns how many notices were replayed.
    ///
    /// A notice that a typed observer of `target` cannot decode (its payload
    /// is not the message's shape) is not silently skipped: the replay
    /// delivers every other notice, then throws ``UndecodableNotices``,
    /// naming each such notice's sequence, name and decode error, unless
    /// `onUndecodable` takes them.
    ///
    /// - Parameters:
    ///   - first: the first sequence number to replay.
    ///   - last: the last one; nil (the default) replays to the journal's end
    ///     as it is when the replay starts.
    ///   - names: only notices with these names; nil replays every name.
    ///   - target: the hub whose observers receive the replay: this one by
    ///     default, or another (say, an in-memory hub with fresh colleagues,
    ///     to rebuild state beside the live one).
    ///   - onUndecodable: called, on this thread, for each notice a typed
    ///     observer cannot decode, instead of the replay throwing at its end.
    @discardableResult
    public func replay(
        from first: Int64 = 1, through last: Int64? = nil, names: Set<NoticeName>? = nil,
        into target: NoticeHub? = nil, onUndecodable: ((UndecodableNotice) -> Void)? = nil
    ) throws -> Int {
        let connection = try requireJournal().connectForReading()
        let target = target ?? hub
        var count = 0
        let undecodables = ReplayUndecodables(handler: onUndecodable)
        try DeliveryContext.current.replaying(target.identity, collecting: undecodables) {
            // What the journal holds now, as one read would see it; the bound
            // also tells whether reading ahead pays.
            var query = JournalQuery(
                from: first, through: try last ?? connection.lastSequence(), names: names, kinds: [.notice])
            query.markedAsReplay = true
            let context = DeliveryContext.current
            var recent: RecentTargets?
            func deliver(_ notice: Notice) -> Bool {
                target.deliver(notice, in: context, recent: &recent)
                count += 1
                return true
            }
            if ReadAhead.pays(for: query) {
                try ReadAhead.read(query, on: connection, deliver)
            } else {
                try connection.read(query, deliver)
            }
        }
        if undecodables.count > 0 {
            throw UndecodableNotices(checked: count, count: undecodables.count, listed: undecodables.listed)
        }
        return count
    }
}
