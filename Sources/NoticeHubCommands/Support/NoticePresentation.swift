import NoticeHub

/// How `tail` and `export` print one notice.
enum NoticeFormat: Sendable {
    /// `7 2026-11-21T15:04:05.123Z news.liked feed {"newsID":1,"user":"alice"}`;
    /// a name or sender that would not read as one field is quoted
    /// (``TextField``). A request, reply or failure shows its kind, and a
    /// notice in a conversation `conversation=ID cause=ID`, before the payload.
    case text
    /// ``NoticeLine``'s JSON line, the format `import` reads back.
    case json

    init(json: Bool) {
        self = json ? .json : .text
    }

    func line(for notice: Notice) throws -> String {
        switch self {
        case .json:
            return try NoticeLine.encode(notice)
        case .text:
            let sequence = notice.sequence.map(String.init) ?? "-"
            let sender = notice.sender.map { TextField.shown($0.rawValue) } ?? "-"
            let time = NoticeLine.timestamp(notice.postedAtMilliseconds)
            var fields = [sequence, time, TextField.shown(notice.name.rawValue), sender]
            if notice.kind != .notice { fields.append(notice.kind.rawValue) }
            if let conversation = notice.conversation { fields.append("conversation=\(conversation)") }
            if let cause = notice.cause { fields.append("cause=\(cause)") }
            fields.append(try notice.payloadJSON())
            return fields.joined(separator: " ")
        }
    }
}

/// What scripts capture after a post: the notice's sequence number alone,
/// printed once `post` has returned, that is once the commit is durable.
package func printSequence(of notice: Notice) throws {
    guard let sequence = notice.sequence else { throw CommandFailure("\(notice.name) was not journaled") }
    print(sequence)
    do {
        try StandardOutput.finish()
    } catch {
        throw CommandFailure("\(notice.name) was journaled as #\(sequence), but \(error)")
    }
}
