/// Who a reply collection waits for: it counts their answers and says when
/// none is left to wait for.
protocol ReplyAccounting: Sendable {
    /// Who an answer comes from.
    associatedtype Answerer
    /// Counts an answer (a reply, or a responder that ended without one).
    mutating func answer(from answerer: Answerer)
    /// Whether everyone asked has answered (or, across processes, died).
    var allSettled: Bool { get }
}

/// In-process responders, counted: every one asked answers, or is cancelled
/// before it could.
struct CountedAnswers: ReplyAccounting {
    let asked: Int
    var answered: Int

    mutating func answer(from _: Void) {
        answered += 1
    }

    var allSettled: Bool { answered >= asked }
}
