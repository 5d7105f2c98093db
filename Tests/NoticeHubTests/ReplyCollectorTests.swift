import Foundation
@testable import NoticeHub
import Synchronization
import Testing

/// The one state machine behind `collect` and `collectAcrossProcesses`: the
/// same stops, whoever it waits for.
struct ReplyCollectorTests {
    static func reply(_ value: Int, from responder: Sender = "r") -> Reply<Int> {
        Reply(responder: responder, result: .success(value))
    }

    static func responders(_ names: [Sender]) -> AskedResponders {
        AskedResponders(
            names.enumerated().map { LiveResponder(responder: $1, name: "q", key: Int64($0 + 1)) })
    }

    @Test func allAnsweredInProcessKeepsRegistrationOrder() async {
        let collector = ReplyCollector<Int, CountedAnswers>(
            accounting: CountedAnswers(asked: 3, answered: 1), maxReplies: .max, arrived: [(1, Self.reply(1))])
        collector.record(Self.reply(2), order: 2, from: ())
        collector.record(Self.reply(0), order: 0, from: ())
        #expect(await collector.wait(timeout: .seconds(60)) == .allAnswered)
        #expect(collector.replies.map(\.value) == [0, 1, 2])
    }

    @Test func theMaximumStopsAndLaterRepliesAreNotCounted() async {
        let collector = ReplyCollector<Int, AskedResponders>(
            accounting: Self.responders(["a", "b", "c"]), maxReplies: 2)
        collector.record(Self.reply(1, from: "a"), order: 1, from: "a")
        collector.record(Self.reply(2, from: "b"), order: 2, from: "b")
        collector.record(Self.reply(3, from: "c"), order: 3, from: "c")
        #expect(await collector.wait(timeout: .seconds(60)) == .maxRepliesReached)
        #expect(collector.replies.map(\.value) == [1, 2])
    }

    @Test func aResponderFoundDeadIsNotWaitedFor() async {
        let collector = ReplyCollector<Int, AskedResponders>(
            accounting: Self.responders(["a", "b"]), maxReplies: .max)
        collector.record(Self.reply(1, from: "a"), order: 1, from: "a")
        #expect(collector.accounting(\.keysToWatch) == [2])
        collector.updateAccounting { $0.keep([], of: [2]) }
        #expect(await collector.wait(timeout: .seconds(60)) == .allAnswered)
        #expect(collector.accounting(\.keysToWatch) == nil, "stopped")
    }

    @Test func theTimeoutAndCancellationStopIt() async {
        let timed = ReplyCollector<Int, CountedAnswers>(
            accounting: CountedAnswers(asked: 1, answered: 0), maxReplies: .max)
        #expect(await timed.wait(timeout: .milliseconds(20)) == .timedOut)

        let cancelled = ReplyCollector<Int, CountedAnswers>(
            accounting: CountedAnswers(asked: 1, answered: 0), maxReplies: .max)
        let waiting = Task { await cancelled.wait(timeout: .seconds(60)) }
        waiting.cancel()
        #expect(await waiting.value == .cancelled)
    }

    @Test func theRequesterResumesOnlyAfterEveryNotifyReturned() async {
        let collector = ReplyCollector<Int, AskedResponders>(accounting: Self.responders(["a"]), maxReplies: .max)
        let notified = Mutex(false)
        let waiting = Task { await collector.wait(timeout: .seconds(60)) }
        collector.record(Self.reply(1, from: "a"), order: 1, from: "a") {
            Thread.sleep(forTimeInterval: 0.05)
            notified.withLock { $0 = true }
        }
        #expect(await waiting.value == .allAnswered)
        #expect(notified.withLock { $0 }, "the stop came after the reply's notify")
    }

    @Test func tasksAreCancelledAtTheStop() async {
        let collector = ReplyCollector<Int, CountedAnswers>(
            accounting: CountedAnswers(asked: 1, answered: 0), maxReplies: .max)
        let sleeper = Task { _ = try? await Task.sleep(for: .seconds(60)) }
        collector.cancelOnStop([sleeper])
        collector.finish(.cancelled)
        await sleeper.value
        #expect(sleeper.isCancelled)
        let late = Task { _ = try? await Task.sleep(for: .seconds(60)) }
        collector.cancelOnStop([late])
        #expect(late.isCancelled, "a task given after the stop is cancelled at once")
    }
}
