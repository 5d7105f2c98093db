/// A notice ready for the journal: the notice and its payload as JSON.
public struct JournalRecord: Sendable {
    public let notice: Notice
    public let payloadJSON: String

    public init(notice: Notice, payloadJSON: String) {
        self.notice = notice
        self.payloadJSON = payloadJSON
    }
}
