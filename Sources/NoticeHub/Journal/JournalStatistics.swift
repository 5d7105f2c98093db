/// A journal at a glance (`noticectl stats`).
public struct JournalStatistics: Sendable, Equatable, Codable {
    /// How many notices carry one name.
    public struct NameCount: Sendable, Equatable, Codable {
        public var name: String
        public var count: Int
    }

    /// A durable subscriber and how far behind the journal it is.
    public struct SubscriberLag: Sendable, Equatable, Codable {
        public var name: String
        public var cursor: Int64
        public var lag: Int64
    }

    public var notices: Int
    public var byName: [NameCount]
    public var firstSequence: Int64?
    public var lastSequence: Int64?
    /// Posting times of the first and last notices, in milliseconds since 1970.
    public var firstPostedAt: Int64?
    public var lastPostedAt: Int64?
    /// Bytes on disk (database and write-ahead log), when the backend is a file.
    public var fileSize: Int64?
    public var schemaVersion: Int
    public var subscribers: [SubscriberLag]
}
