/// A journal at a glance (`noticectl stats`).
public struct JournalStatistics: Sendable, Equatable, Codable {
    /// How many notices carry one name.
    public struct NameCount: Sendable, Equatable, Codable {
        /// The notice name.
        public var name: String
        /// How many journaled notices carry it.
        public var count: Int

        public init(name: String, count: Int) {
            self.name = name
            self.count = count
        }
    }

    /// A durable subscriber and how far behind the journal it is.
    public struct SubscriberLag: Sendable, Equatable, Codable {
        /// The name it subscribed as.
        public var name: String
        /// The last sequence it has handled.
        public var cursor: Int64
        /// How many sequences it has still to handle.
        public var lag: Int64

        public init(name: String, cursor: Int64, lag: Int64) {
            self.name = name
            self.cursor = cursor
            self.lag = lag
        }
    }

    /// How many notices the journal holds.
    public var notices: Int
    /// Notices per name, in name order.
    public var byName: [NameCount]
    /// The first and last sequence numbers; nil in an empty journal.
    public var firstSequence: Int64?
    /// See ``firstSequence``.
    public var lastSequence: Int64?
    /// Posting times of the first and last notices, in milliseconds since 1970.
    public var firstPostedAt: Int64?
    /// See ``firstPostedAt``.
    public var lastPostedAt: Int64?
    /// Bytes on disk (database and write-ahead log), when the backend is a file.
    public var fileSize: Int64?
    /// The schema version of the journal's file.
    public var schemaVersion: Int
    /// The durable subscribers and how far each is behind.
    public var subscribers: [SubscriberLag]

    /// Statistics as a backend reads them.
    public init(
        notices: Int, byName: [NameCount], firstSequence: Int64?, lastSequence: Int64?,
        firstPostedAt: Int64?, lastPostedAt: Int64?, fileSize: Int64?, schemaVersion: Int,
        subscribers: [SubscriberLag]
    ) {
        self.notices = notices
        self.byName = byName
        self.firstSequence = firstSequence
        self.lastSequence = lastSequence
        self.firstPostedAt = firstPostedAt
        self.lastPostedAt = lastPostedAt
        self.fileSize = fileSize
        self.schemaVersion = schemaVersion
        self.subscribers = subscribers
    }
}
