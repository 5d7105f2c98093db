import Foundation
import NoticeHub

/// `request.r1`: `collect` answered by one synchronous responder, round trip;
/// `request.r1.async`: the same with an asynchronous responder; `collect.r10`:
/// a synchronous `request` answered by ten responders. The anchor is the
/// message mediator the documents build on NotificationCenter: a request
/// notification whose observers post their replies under a reply name, which
/// the requester observes for the length of the request.
enum ReplyBench {
    static func run(_ options: BenchOptions) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        if options.selects("request.r1") {
            results.append(try await requestOne(options, asynchronous: false))
        }
        if options.selects("request.r1.async") {
            results.append(try await requestOne(options, asynchronous: true))
        }
        if options.selects("collect.r10") {
            results.append(try collectTen(options))
        }
        return results
    }

    private static func requestOne(_ options: BenchOptions, asynchronous: Bool) async throws -> BenchResult {
        let id = asynchronous ? "request.r1.async" : "request.r1"
        let hub = NoticeHub()
        let token =
            asynchronous
            ? hub.respond(to: "bench.ask", as: "responder") { notice async in (try? notice.value(as: Int.self)) ?? -1 }
            : hub.respond(to: "bench.ask", as: "responder") { notice in (try? notice.value(as: Int.self)) ?? -1 }
        let mediator = CenterMediator(responders: 1)
        let count = options.size(asynchronous ? 20_000 : 200_000, floor: 2_000)
        let expected = count * (count - 1) / 2
        let (ours, anchor) = try await BenchHarness(repetitions: options.repetitions).measurePair(
            {
                let start = now()
                var sum = 0
                for i in 0..<count {
                    let collection = try await hub.collect(
                        "bench.ask", payload: i, from: "asker", as: Int.self, timeout: .seconds(10))
                    sum &+= collection.values.first ?? -1_000_000
                }
                let elapsed = now() - start
                try check(sum == expected, "\(id) checksum")
                return Double(elapsed) / Double(count)
            },
            {
                let start = now()
                var sum = 0
                for i in 0..<count {
                    sum &+= mediator.request(i).first ?? -1_000_000
                }
                let elapsed = now() - start
                try check(sum == expected, "\(id) mediator checksum")
                return Double(elapsed) / Double(count)
            })
        withExtendedLifetime(token) {}
        return BenchHarness.result(id, ours, anchor: "NotificationCenter mediator", anchor)
    }

    private static func collectTen(_ options: BenchOptions) throws -> BenchResult {
        let hub = NoticeHub()
        let tokens = (0..<10).map { index in
            hub.respond(to: "bench.collect", as: Sender(stringLiteral: "r\(index)")) { notice in
                ((try? notice.value(as: Int.self)) ?? 0) + index
            }
        }
        let mediator = CenterMediator(responders: 10)
        let count = options.size(200_000, floor: 20_000)
        let expected = 10 * count * (count - 1) / 2 + 45 * count
        let samples = try BenchHarness(repetitions: options.repetitions).measureAlternating([
            {
                var sum = 0
                for i in 0..<count {
                    for reply in try hub.request("bench.collect", payload: i, from: "asker", as: Int.self) {
                        sum &+= reply.value ?? 0
                    }
                }
                try check(sum == expected, "collect.r10 checksum")
                return count
            },
            {
                var sum = 0
                for i in 0..<count {
                    for value in mediator.request(i) { sum &+= value }
                }
                try check(sum == expected, "collect.r10 mediator checksum")
                return count
            },
        ])
        withExtendedLifetime(tokens) {}
        return BenchHarness.result("collect.r10", samples[0], anchor: "NotificationCenter mediator", samples[1])
    }
}

/// The documents' message mediator on NotificationCenter: responders
/// observe the request name and post their answer (the request's value plus
/// their index) under the reply name; a request observes the reply name
/// while it posts, and returns what arrived.
private final class CenterMediator: Sendable {
    private static let requestName = Notification.Name("bench.mediator.request")
    private static let replyName = Notification.Name("bench.mediator.reply")
    private let center = NotificationCenter()
    nonisolated(unsafe) private var responders: [any NSObjectProtocol] = []

    init(responders count: Int) {
        let center = center
        responders = (0..<count).map { index in
            center.addObserver(forName: Self.requestName, object: nil, queue: nil) { request in
                let value = request.userInfo?["value"] as? Int ?? 0
                center.post(name: Self.replyName, object: nil, userInfo: ["value": value + index])
            }
        }
    }

    deinit {
        responders.forEach(center.removeObserver)
    }

    func request(_ value: Int) -> [Int] {
        let replies = Replies()
        let observer = center.addObserver(forName: Self.replyName, object: nil, queue: nil) { reply in
            replies.values.append(reply.userInfo?["value"] as? Int ?? 0)
        }
        center.post(name: Self.requestName, object: nil, userInfo: ["value": value])
        center.removeObserver(observer)
        return replies.values
    }

    /// What one request gathered; filled on the requesting thread.
    private final class Replies: @unchecked Sendable {
        var values: [Int] = []
    }
}
