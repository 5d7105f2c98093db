import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
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
        collector.record(Self.reply(1, from: "a"), order: 1, from: .init(responder: "a", claim: 1))
        collector.record(Self.reply(2, from: "b"), order: 2, from: .init(responder: "b", claim: 2))
        collector.record(Self.reply(3, from: "c"), order: 3, from: .init(responder: "c", claim: 3))
        #expect(await collector.wait(timeout: .seconds(60)) == .maxRepliesReached)
        #expect(collector.replies.map(\.value) == [1, 2])
    }

    @Test func aResponderFoundDeadIsNotWaitedFor() async {
        let collector = ReplyCollector<Int, AskedResponders>(
            accounting: Self.responders(["a", "b"]), maxReplies: .max)
        collector.record(Self.reply(1, from: "a"), order: 1, from: .init(responder: "a", claim: 1))
        #expect(collector.accounting(\.keysToWatch) == [2])
        collector.updateAccounting { $0.keep([], of: [2]) }
        #expect(await collector.wait(timeout: .seconds(60)) == .allAnswered)
        #expect(collector.accounting(\.keysToWatch) == nil, "stopped")
    }

    @Test func replicasThatShareASenderAreWaitedForClaimByClaim() async {
        let collector = ReplyCollector<Int, AskedResponders>(
            accounting: Self.responders(["svc", "svc"]), maxReplies: .max)
        collector.record(Self.reply(1, from: "svc"), order: 1, from: .init(responder: "svc", claim: 1))
        // The replica that answered stops: its claim is gone, the other's is not.
        collector.updateAccounting { $0.keep([2], of: [1, 2]) }
        #expect(collector.accounting(\.keysToWatch) == [2], "still waiting for the live replica")
        collector.record(Self.reply(2, from: "svc"), order: 2, from: .init(responder: "svc", claim: 2))
        #expect(await collector.wait(timeout: .seconds(60)) == .allAnswered)
        #expect(collector.replies.map(\.value) == [1, 2])
    }

    @Test func aReplyNamingNoClaimCountsForOneOfItsSendersClaims() {
        var asked = Self.responders(["a", "b"])
        asked.answer(from: .init(responder: "b", claim: nil))
        #expect(asked.keysToWatch == [1])
        asked.answer(from: .init(responder: "b", claim: nil))
        #expect(asked.keysToWatch == [1], "one claim, one reply")
    }

    @Test func aClaimGoneIsWaitedForDuringTheGraceAndCountsWhenBack() {
        let start = ContinuousClock.now
        var asked = AskedResponders(
            [LiveResponder(responder: "a", name: "q", key: 1), LiveResponder(responder: "b", name: "q", key: 2)],
            grace: .seconds(5))
        asked.keep([], of: [1, 2], at: start)
        asked.keep([], of: [1, 2], at: start + .seconds(4))
        #expect(asked.keysToWatch == [1, 2], "within the grace")
        asked.keep([1], of: [1, 2], at: start + .seconds(4.5))
        asked.keep([1], of: [1, 2], at: start + .seconds(5))
        #expect(asked.keysToWatch == [1], "2 stayed gone for the grace; 1 came back")
        asked.keep([], of: [1], at: start + .seconds(9))
        #expect(asked.keysToWatch == [1], "gone again: its grace starts again")
        asked.answer(from: .init(responder: "a", claim: 1))
        #expect(asked.allSettled)
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
        collector.record(Self.reply(1, from: "a"), order: 1, from: .init(responder: "a", claim: 1)) {
            // The sleep is the slow notify that the requester must wait out.
            Thread.sleep(forTimeInterval: 0.05)
            notified.withLock { $0 = true }
        }
        #expect(await waiting.value == .allAnswered)
        #expect(notified.withLock { $0 }, "the stop came after the reply's notify")
    }

    /// A task that runs until cancelled: the sleep is the work that the
    /// stop cancels, a minute long so that a task left running ends the
    /// test rather than hangs it.
    static func untilCancelled() -> Task<Void, Never> {
        Task { _ = try? await Task.sleep(for: .seconds(60)) }
    }

    @Test func tasksAreCancelledAtTheStop() async {
        let collector = ReplyCollector<Int, CountedAnswers>(
            accounting: CountedAnswers(asked: 1, answered: 0), maxReplies: .max)
        let sleeper = Self.untilCancelled()
        collector.cancelOnStop([sleeper])
        collector.finish(.cancelled)
        await sleeper.value
        #expect(sleeper.isCancelled)
        let late = Self.untilCancelled()
        collector.cancelOnStop([late])
        #expect(late.isCancelled, "a task given after the stop is cancelled at once")
    }
}
