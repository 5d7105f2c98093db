/// Which stored notices to read.
public struct JournalQuery: Sendable, Equatable {
    /// The first sequence number to read.
    public var from: Int64
    /// The last sequence number to read; nil: up to the journal's end.
    public var through: Int64?
    /// Only notices with these names, or with names these patterns match
    /// (``Identifier/isPattern``); nil: every name. A journal that cannot
    /// match patterns in its storage checks rows with ``selects(name:)``.
    public var names: Set<NoticeName>?
    /// Only notices from this sender; nil: any sender.
    public var sender: Sender?
    /// Only the notices of this conversation: the notice with this id and
    /// every notice whose ``Notice/conversation`` it is; nil: any.
    public var conversation: NoticeID?
    /// Only notices of these kinds; nil: every kind. Replays, followers and
    /// durable subscribers read ``NoticeKind/notice`` only.
    public var kinds: Set<NoticeKind>?
    /// Only notices caused by this one (a request's replies); nil: any.
    public var cause: NoticeID?
    /// At most this many notices; nil: no limit. Zero or a negative limit
    /// reads nothing.
    public var limit: Int?
    /// Whether each row is first checked for what the library would refuse
    /// to write (an id that is not a UUID, a name or sender that breaks the
    /// naming rules, a payload that is not one line of valid JSON, a posting
    /// time that is not an integer of years 0001-9999): the read then stops
    /// at such a row with ``JournalError/malformedRow(sequence:problem:)``.
    /// For exports, whose lines must import again; replay leaves it off.
    /// Rows whose id does not parse are refused either way.
    public var checksRows = false
    /// Whether the read takes the rows it finds below the journal's first
    /// retained sequence (``JournalMark/firstRetained``), left by a trim
    /// that has not finished, instead of refusing a start below it: for
    /// verify, which reads every row.
    public var includesTrimmed = false
    /// Whether the notices read are to carry ``Notice/isReplay``: set by
    /// replay, so it need not copy each notice to mark it. A backend passes
    /// it to ``Notice/init(stored:name:sender:postedAtMilliseconds:payloadJSON:sequence:isReplay:kind:conversation:cause:version:metadata:)``.
    public var markedAsReplay = false

    public init(
        from: Int64 = 1, through: Int64? = nil, names: Set<NoticeName>? = nil,
        sender: Sender? = nil, conversation: NoticeID? = nil, kinds: Set<NoticeKind>? = nil,
        limit: Int? = nil
    ) {
        self.from = from
        self.through = through
        self.names = names
        self.sender = sender
        self.conversation = conversation
        self.kinds = kinds
        self.limit = limit
    }

    /// The stored values of `kinds` other than ``NoticeKind/notice`` (whose
    /// column is NULL), sorted, for a backend's `kind IN (…)`.
    package var storedKinds: [String] {
        (kinds ?? []).compactMap(\.storedValue).sorted()
    }

    /// Whether `kinds` takes ordinary notices.
    package var takesOrdinaryNotices: Bool {
        kinds?.contains(.notice) ?? true
    }
}
