import NoticeHub

/// `request.r1`: an asynchronous request answered by one responder, round
/// trip. `collect.r10`: a synchronous collection from ten responders.
/// NotificationCenter has no replies, so there is no anchor.
enum ReplyBench {
    static func run(_ options: BenchOptions) async throws -> [BenchResult] {
        var results: [BenchResult] = []
        if options.selects("request.r1") {
            let hub = NoticeHub()
            let token = hub.respond(to: "bench.ask", as: "responder") { notice async in
                (try? notice.value(as: Int.self)) ?? -1
            }
            let count = options.size(20_000, floor: 2_000)
            var samples: [Double] = []
            for repetition in 0...options.repetitions {
                let start = now()
                var sum = 0
                for i in 0..<count {
                    let collection = await hub.collect("bench.ask", payload: i, from: "asker", as: Int.self, timeout: .seconds(10))
                    sum &+= collection.values.first ?? -1_000_000
                }
                let elapsed = now() - start
                try check(sum == count * (count - 1) / 2, "request.r1 checksum")
                if repetition > 0 { samples.append(Double(elapsed) / Double(count)) }
            }
            withExtendedLifetime(token) {}
            results.append(BenchHarness.result("request.r1", samples.sorted()))
        }
        if options.selects("collect.r10") {
            let hub = NoticeHub()
            let tokens = (0..<10).map { index in
                hub.respond(to: "bench.collect", as: Sender(stringLiteral: "r\(index)")) { notice in
                    ((try? notice.value(as: Int.self)) ?? 0) + index
                }
            }
            let count = options.size(200_000, floor: 20_000)
            let samples = try BenchHarness(repetitions: options.repetitions).measure {
                var sum = 0
                for i in 0..<count {
                    for reply in hub.request("bench.collect", payload: i, from: "asker", as: Int.self) {
                        sum &+= reply.value ?? 0
                    }
                }
                try check(sum == 10 * count * (count - 1) / 2 + 45 * count, "collect.r10 checksum")
                return count
            }
            withExtendedLifetime(tokens) {}
            results.append(BenchHarness.result("collect.r10", samples))
        }
        return results
    }
}
