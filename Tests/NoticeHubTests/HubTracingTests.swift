import Foundation
import InMemoryTracing
import NoticeHub
import Testing
import TestSupport
import Tracing

/// Trace context across the journal: hubs on journal objects of their own,
/// each with a tracer of its own, stand for processes.
@Suite("What a hub traces through swift-distributed-tracing")
struct HubTracingTests {
    /// A tracer whose ids are unique across tracers, as separate processes'
    /// are: the default counts from 1 in each.
    static func tracer() -> InMemoryTracer {
        InMemoryTracer(
            idGenerator: .init(
                nextTraceID: { UUID().uuidString.lowercased() }, nextSpanID: { UUID().uuidString.lowercased() }))
    }

    static func notices(in hub: NoticeHub) throws -> [Notice] {
        var notices: [Notice] = []
        try hub.journal.read(JournalQuery()) {
            notices.append($0)
            return true
        }
        return notices
    }

    static func spanID(in notice: Notice) -> String? { notice.metadata[InMemoryTracer.spanIDKey] }
    static func traceID(in notice: Notice) -> String? { notice.metadata[InMemoryTracer.traceIDKey] }

    @Test func aRequestAcrossProcessesIsTracedFromRequesterToResponderAndOn() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let (requesterTracer, responderTracer, followerTracer) = (Self.tracer(), Self.tracer(), Self.tracer())
        let requester = try NoticeHub(journal: SQLiteJournal(path: path), tracer: requesterTracer)
        let responder = try NoticeHub(journal: SQLiteJournal(path: path), tracer: responderTracer)
        let follower = try NoticeHub(journal: SQLiteJournal(path: path), tracer: followerTracer)

        // A colleague in a third process hears what the responder's handler
        // posts, and posts in turn.
        let seen = DispatchSemaphore(value: 0)
        let token = follower.observe("price.quoted") { _ in
            _ = try? follower.post("price.logged")
            seen.signal()
        }
        let following = try follower.journal.follow()
        let answering = try responder.respondAcrossProcesses(to: "price.ask", as: "pricer") { _ -> Int in
            try responder.post("price.quoted")
            return 3
        }

        let answer = try await requesterTracer.withSpan("checkout") { _ in
            try await requester.collectAcrossProcesses(
                "price.ask", payload: 7, from: "shop", as: Int.self, timeout: .seconds(60))
        }
        #expect(answer.values == [3])
        #expect(try await BlockingCall.run { seen.wait(timeout: .now() + 60) } == .success)
        following.cancel()
        answering.cancel()

        let checkout = try #require(requesterTracer.finishedSpans.first { $0.operationName == "checkout" })
        let request = try #require(requesterTracer.finishedSpans.first { $0.operationName == "request price.ask" })
        #expect(request.kind == .client)
        #expect(request.traceID == checkout.traceID && request.parentSpanID == checkout.spanID)
        let respond = try #require(responderTracer.finishedSpans.first { $0.operationName == "respond price.ask" })
        #expect(respond.kind == .server)
        #expect(respond.traceID == checkout.traceID, "the responder's span is in the requester's trace")
        #expect(respond.parentSpanID == request.spanID, "and a child of the request's span")

        let journaled = try Self.notices(in: requester)
        let byName = Dictionary(journaled.map { ($0.name.rawValue, $0) }, uniquingKeysWith: { first, _ in first })
        let (asked, quoted, logged) = (
            try #require(byName["price.ask"]), try #require(byName["price.quoted"]),
            try #require(byName["price.logged"])
        )
        #expect(Self.spanID(in: asked) == request.spanID, "the request carries its span")
        #expect(Self.spanID(in: quoted) == respond.spanID, "the handler's post continues the responder's span")
        #expect(Self.traceID(in: logged) == checkout.traceID, "a follower's observer posts in the same trace")
        let reply = try #require(journaled.first { $0.kind == .reply })
        #expect(Self.spanID(in: reply) == respond.spanID)
        withExtendedLifetime(token) {}
    }

    @Test func aHubWithoutATracerWritesNoTraceContext() throws {
        let directory = TemporaryDirectory()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")))
        let posted = try InMemoryTracer().withSpan("work") { _ in try hub.post("job.done") }
        #expect(posted.metadata.isEmpty)
        #expect(try Self.notices(in: hub).map(\.metadata) == [.empty])
    }

    @Test func metadataGivenByThePosterIsKeptBesideTheTraceContext() throws {
        let directory = TemporaryDirectory()
        let tracer = Self.tracer()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")), tracer: tracer)
        let untraced = try hub.post("job.done", metadata: ["tenant": "acme"])
        #expect(untraced.metadata == ["tenant": "acme"], "no context, nothing added")
        let traced = try tracer.withSpan("work") { span in
            (try hub.post("job.done", metadata: ["tenant": "acme"]), span.context.inMemorySpanContext)
        }
        #expect(traced.0.metadata["tenant"] == "acme")
        #expect(Self.spanID(in: traced.0) == traced.1?.spanID)
        #expect(try Self.notices(in: hub).map(\.metadata) == [untraced.metadata, traced.0.metadata])
    }

    @Test func theTraceContextCountsTowardsTheMetadataLimit() throws {
        let directory = TemporaryDirectory()
        let tracer = Self.tracer()
        let hub = try NoticeHub(journal: SQLiteJournal(path: directory.path("journal.sqlite")), tracer: tracer)
        let fields = NoticeMetadata(Dictionary(uniqueKeysWithValues: (0..<31).map { ("k\($0)", "v") }))
        try hub.post("job.done", metadata: fields)
        #expect(throws: NoticeHubError.invalidMetadata(key: nil, reason: "it has 33 fields (at most 32 allowed)")) {
            try tracer.withSpan("work") { _ in try hub.post("job.done", metadata: fields) }
        }
        #expect(try Self.notices(in: hub).map(\.metadata) == [fields], "what is stored reads back")
    }
}
