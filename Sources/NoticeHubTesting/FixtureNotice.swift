public import NoticeHub

/// A notice as a test states it: its name, its sender, its payload as
/// compact JSON and the payload's version. What a fixture is made of, and
/// what a recording is compared with.
public struct FixtureNotice: Sendable, Equatable, CustomStringConvertible {
    public var name: NoticeName
    public var sender: Sender?
    /// The payload as compact JSON, keys in the order they were written.
    public var payloadJSON: String
    /// The payload's version (`Notice.version`): 1 unless a typed
    /// message of a later version states it, or the test sets it, say to
    /// post what an earlier build of a message posted.
    public var version: Int = 1

    /// A notice without payload (it reads as `{}`).
    public init(_ name: NoticeName, sender: Sender? = nil) {
        self.name = name
        self.sender = sender
        payloadJSON = "{}"
    }

    /// A notice carrying `payload`, encoded as a hub journals it.
    public init(_ name: NoticeName, sender: Sender? = nil, payload: some Encodable & Sendable) throws {
        self.name = name
        self.sender = sender
        payloadJSON = try OrderedJSONEncoder().encode(payload)
    }

    /// A typed message under its own name.
    public init<Message: NoticeMessage>(_ message: Message, sender: Sender? = nil) throws {
        try self.init(Message.name, sender: sender, payload: message)
        version = Message.version
    }

    /// What a delivered or journaled notice states.
    public init(_ notice: Notice) throws {
        name = notice.name
        sender = notice.sender
        payloadJSON = try notice.payloadJSON()
        version = notice.version
    }

    /// `news.liked from feed {"newsID":1,"user":"alice"}`, or
    /// `news.liked without sender {…}`: the two never read alike, since a
    /// sender's name cannot hold a space. A version other than 1 follows
    /// the payload: `… {"body":"hi"} version 2`.
    public var description: String {
        let stated = "\(name) \(sender.map { "from \($0)" } ?? "without sender") \(payloadJSON)"
        return version == 1 ? stated : stated + " version \(version)"
    }
}
