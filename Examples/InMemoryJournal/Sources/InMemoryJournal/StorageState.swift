import NoticeHub

/// Everything an ``InMemoryStorage`` holds, guarded by its mutex.
struct StorageState {
    /// The committed notices; the notice of sequence number `n` is at `n - 1`.
    var notices: [StoredNotice] = []
    /// The sequence number of each committed notice, by id.
    var sequenceByID: [NoticeID: Int64] = [:]
    /// How many committed notices carry each name.
    var countByName: [NoticeName: Int] = [:]
    /// Durable subscribers' cursors: the last sequence each handled.
    var cursors: [String: Int64] = [:]
    /// Durable subscribers' parked notices, by subscriber and sequence.
    var parked: [String: [Int64: ParkedNotice]] = [:]
    /// The durable subscribers' names claimed now.
    var claimedSubscribers: Set<String> = []
    /// Responders' announcements, by key: live ones, and dead ones that the
    /// next listing deletes.
    var responders: [Int64: ResponderRow] = [:]
    /// Advanced by every commit: the connections' change counter.
    var version: Int64 = 0
    /// Who is woken after commits that add notices, by registration.
    var watchers: [Int: @Sendable () -> Void] = [:]
    var nextWatcher = 0

    /// The highest committed sequence number, 0 when there is none.
    var lastSequence: Int64 { Int64(notices.count) }
}

/// A responder's announcement: who answers which name, and whether the
/// claim that made it still holds.
struct ResponderRow {
    let responder: Sender
    let name: NoticeName
    var isAlive: Bool
}
