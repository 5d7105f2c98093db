#if Postgres
    import Foundation
    import NIOCore
    import NIOPosix
    import NoticeHub
    import NoticeHubPostgres
    import NoticeNews
    import PostgresNIO

    /// The `pg.*` workloads, on a PostgreSQL server: each journal in a schema of
    /// its own, dropped afterwards.
    ///
    /// - `pg.append.t1`, `pg.append.t8`: durable posts (``Durability/always``)
    ///   from 1 and 8 threads, against raw postgres-nio single-row autocommit
    ///   INSERTs from one connection, and (an extra figure) from 8 connections
    ///   each waiting for its own commit, in alternating repetitions.
    /// - `pg.follow.latency`, `pg.follow.latency.poll`: a second process
    ///   follows, woken by NOTIFY or, with `notify=off`, by polling alone.
    /// - `pg.claim.handover`: how soon a durable subscriber's name is claimed
    ///   again after its idle holder, another process, is killed with SIGKILL;
    ///   and how soon a second claimant is refused while the holder runs.
    /// - `pg.projection.rebuild`: the likes projection rebuilt from a journal of
    ///   likes on the server, per notice, beside replaying the same notices into
    ///   in-memory news colleagues; `notices_per_s` is its rate.
    enum PostgresBench {
        static func run(_ base: String, _ options: BenchOptions, report: (BenchResult) -> Void) throws {
            let threadCounts = [1, 8].filter { options.selects("pg.append.t\($0)") }
            if !threadCounts.isEmpty {
                for result in try appends(base, threadCounts: threadCounts, options) { report(result) }
            }
            for (id, notify) in [("pg.follow.latency", true), ("pg.follow.latency.poll", false)]
            where options.selects(id) {
                let schema = try Schema(base, notify: notify)
                report(
                    try FollowBench.run(id, journal: PostgresJournal(url: schema.url), location: schema.url, options))
            }
            if options.selects("pg.claim.handover") { report(try claimHandover(base, options)) }
            if options.selects("pg.projection.rebuild") { report(try projectionRebuild(base, options)) }
        }

        static func projectionRebuild(_ base: String, _ options: BenchOptions) throws -> BenchResult {
            let schema = try Schema(base)
            let likes = options.size(20_000, floor: 2_000)
            // Journaled without the projection, which opening then installs and builds.
            let writer = try NoticeHub(
                journal: PostgresJournal(url: schema.url), durability: .batched(maxDelay: .seconds(1)))
            for id in 0..<100 { try writer.post(NewsPublished(id: id, title: "News\(id)"), sender: "editor") }
            for i in 0..<likes {
                // Users cycle fastest; each (news, user) pair occurs once.
                let user = i % 1_000, round = i / 1_000
                try writer.post(NewsLiked(newsID: (round + user) % 100, user: "user\(user)"), sender: "feed")
            }
            try writer.close()
            let notices = likes + 100
            let hub = try NoticeHub(journal: PostgresJournal(url: schema.url), projections: [LikesProjection()])
            try check(
                hub.journal.openingRebuilds.first?.replayed == notices, "pg.projection.rebuild: the install's rebuild")
            var rebuilds: [Double] = [], replays: [Double] = []
            for _ in 0..<3 {
                var start = now()
                let rebuilt = try hub.journal.rebuildProjection(LikesProjection.schema.identity)
                rebuilds.append(Double(now() - start) / Double(notices))
                try check(rebuilt.replayed == notices && rebuilt.refusedCount == 0, "pg.projection.rebuild")
                start = now()
                let (state, replayed) = try NewsStore.replayedState(of: hub)
                replays.append(Double(now() - start) / Double(notices))
                try check(
                    replayed == notices && state.feed.map(\.likes).reduce(0, +) == likes, "pg.projection.rebuild replay"
                )
            }
            var result = BenchHarness.result(
                "pg.projection.rebuild", rebuilds.sorted(), anchor: "replay into news colleagues, per notice",
                replays.sorted())
            result.extra.append(("notices_per_s", 1e9 / BenchHarness.median(rebuilds.sorted())))
            return result
        }

        /// `pg.request.roundtrip` and `pg.request.none`: requests across
        /// processes through the server (``RequestAcrossProcessesBench``).
        static func requests(_ base: String, _ options: BenchOptions, report: (BenchResult) -> Void) async throws {
            guard options.selects("pg.request.roundtrip") || options.selects("pg.request.none") else { return }
            let schema = try Schema(base)
            let results = try await RequestAcrossProcessesBench.run(
                "pg.request", journal: PostgresJournal(url: schema.url), location: schema.url, options)
            results.forEach(report)
        }

        static func appends(_ base: String, threadCounts: [Int], _ options: BenchOptions) throws -> [BenchResult] {
            let total = options.size(8_000, floor: 800)
            var batches = Array(repeating: [Double](), count: threadCounts.count)
            // The anchors: one connection inserting row after row (the best
            // durable rate of one client, as SQLite's anchor is), and as many
            // connections as the most posters, each waiting for its own commit.
            let anchorConnections = [1] + (threadCounts.max().map { $0 > 1 ? [$0] : [] } ?? [])
            var runs: [BenchHarness.TimedRun] = anchorConnections.map { connections in
                {
                    let schema = try Schema(base)
                    let raw = try RawPostgres(schema.url, connections: connections)
                    let elapsed = try raw.insert(total: total)
                    try check(try raw.count() == total, "raw PostgreSQL: rows")
                    return (elapsed, total)
                }
            }
            for (index, threads) in threadCounts.enumerated() {
                runs.append {
                    let schema = try Schema(base)
                    let hub = try NoticeHub(journal: PostgresJournal(url: schema.url), durability: .always)
                    let perThread = total / threads
                    let failures = Counter()
                    let elapsed = JournalAppendBench.post(
                        to: hub, threads: threads, perThread: perThread, failures: failures)
                    let shared = hub.groupCommits
                    try check(
                        failures.value == 0 && (try hub.journal.lastSequence()) == Int64(perThread * threads),
                        "pg.append: rows"
                    )
                    batches[index].append(Double(shared.notices) / Double(max(1, shared.commits)))
                    try hub.close()
                    return (elapsed, perThread * threads)
                }
            }
            let samples = try BenchHarness(repetitions: options.quick ? 3 : 5).measureTimedAlternating(runs)
            return threadCounts.enumerated().map { index, threads in
                let ours = samples[anchorConnections.count + index]
                var result = BenchHarness.result(
                    "pg.append.t\(threads)", ours, anchor: "raw postgres-nio autocommit INSERT, 1 connection",
                    samples[0])
                result.extra = [("notices_per_commit", BenchHarness.median(batches[index].sorted()))]
                if anchorConnections.count > 1 && threads == anchorConnections[1] {
                    let concurrent = BenchHarness.median(samples[1].sorted())
                    result.extra.append(("raw_\(anchorConnections[1])_connections_ns", concurrent))
                    result.extra.append(
                        (
                            "speedup_vs_\(anchorConnections[1])_connections",
                            concurrent / BenchHarness.median(ours.sorted())
                        ))
                }
                return result
            }
        }

        /// Starts `noticectl subscribe` as the holder, waits until it holds the
        /// name, kills it, and claims the name here every 5 ms until it is free.
        static func claimHandover(_ base: String, _ options: BenchOptions) throws -> BenchResult {
            let schema = try Schema(base)
            let hub = try NoticeHub(journal: PostgresJournal(url: schema.url))
            var samples: [Double] = [], refusals: [Double] = []
            for _ in 0..<(options.quick ? 3 : 7) {
                // A notice after the saved cursor, for the holder to print.
                try hub.post("bench.claim")
                let holder = Process()
                holder.executableURL = URL(fileURLWithPath: options.noticectl)
                holder.arguments = ["subscribe", "bench-claim", "--db", schema.url]
                let pipe = Pipe()
                holder.standardOutput = pipe
                holder.standardError = FileHandle.nullDevice
                try holder.run()
                // Its first line is that notice: it holds the name.
                try check(
                    LineReader(pipe.fileHandleForReading).next() != nil, "pg.claim.handover: the holder did not start")
                let asked = now()
                do {
                    _ = try hub.journal.subscribe(as: "bench-claim") { _ in }
                    try check(false, "pg.claim.handover: a second claimant was not refused")
                } catch let error as JournalError where error.code == .subscriberBusy {
                    refusals.append(Double(now() - asked))
                }
                kill(holder.processIdentifier, SIGKILL)
                let killed = now()
                while true {
                    do {
                        let claimed = try hub.journal.subscribe(as: "bench-claim") { _ in }
                        samples.append(Double(now() - killed))
                        claimed.cancel()
                        break
                    } catch let error as JournalError where error.code == .subscriberBusy {
                        try check(now() - killed < 30_000_000_000, "pg.claim.handover: not free after 30 s")
                        Thread.sleep(forTimeInterval: 0.005)
                    }
                }
                holder.waitUntilExit()
            }
            samples.sort()
            var result = BenchResult(
                bench: "pg.claim.handover", nsPerOp: BenchHarness.median(samples), nsPerOpMin: samples[0])
            refusals.sort()
            result.extra = [
                ("max_ms", samples.last! / 1e6), ("refusal_median_ms", BenchHarness.median(refusals) / 1e6),
            ]
            return result
        }

        /// A schema of the server for one workload, dropped when it goes.
        final class Schema {
            let url: String
            private let admin: RawPostgres
            private let name: String

            init(_ base: String, notify: Bool = true) throws {
                name = "bench_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
                admin = try RawPostgres(base, connections: 1)
                try admin.execute("CREATE SCHEMA \(name)")
                url = base + (base.contains("?") ? "&" : "?") + "schema=\(name)" + (notify ? "" : "&notify=off")
            }

            deinit {
                try? admin.execute("DROP SCHEMA IF EXISTS \(name) CASCADE")
            }
        }
    }

    /// The anchor: plain postgres-nio, one connection per poster, each row
    /// its own autocommit INSERT into a table with a bigserial key.
    final class RawPostgres: @unchecked Sendable {
        private let connections: [PostgresConnection]
        private let logger = Logger(label: "bench")

        init(_ urlText: String, connections count: Int) throws {
            let url = try PostgresURL(urlText)
            var configuration = PostgresConnection.Configuration(
                host: url.host, port: url.port, username: url.user, password: url.password, database: url.database,
                tls: .disable)
            if let schema = url.schema { configuration.options.additionalStartupParameters = [("search_path", schema)] }
            connections = try (0..<count).map { index in
                try PostgresConnection.connect(
                    on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: index,
                    logger: Logger(label: "bench")
                ).wait()
            }
        }

        deinit {
            for connection in connections { _ = try? connection.close().wait() }
        }

        func execute(_ sql: String) throws {
            _ = try connections[0].query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
        }

        /// Inserts `total` rows, shared by the connections, each from a thread of its own.
        func insert(total: Int) throws -> UInt64 {
            try execute(
                """
                CREATE TABLE raw_notices (seq bigserial PRIMARY KEY, id uuid NOT NULL UNIQUE, name text NOT NULL,
                                          sender text, payload text NOT NULL, posted_at bigint NOT NULL)
                """)
            let perConnection = total / connections.count
            let failures = Counter()
            let group = DispatchGroup()
            let start = now()
            for connection in connections {
                group.enter()
                Thread { [logger] in
                    for i in 0..<perConnection {
                        let query: PostgresQuery = """
                            INSERT INTO raw_notices (id, name, sender, payload, posted_at)
                            VALUES (\(UUID()), 'bench.append', 'bench', \(Reading.handWritten(i)), \(Int64(i)))
                            """
                        do { _ = try connection.query(query, logger: logger).wait() } catch { failures.value += 1 }
                    }
                    group.leave()
                }.start()
            }
            group.wait()
            let elapsed = now() - start
            try check(failures.value == 0, "raw PostgreSQL: failed inserts")
            return elapsed
        }

        func count() throws -> Int {
            let rows = try connections[0].query("SELECT count(*) FROM raw_notices", logger: logger).wait()
            return Int(try rows.rows.first?.decode(Int64.self) ?? 0)
        }
    }
#endif
