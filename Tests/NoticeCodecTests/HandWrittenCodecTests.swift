import Foundation
import NoticeHub
import NoticeJSON
import Testing
import TestSupport

/// A conformance written by hand, as `@NoticeCodec` would write it, so that the hub's
/// choice of path is tested in every build, with or without the `GeneratedCodecs` trait.
struct HandWrittenPoint: NoticeJSONCodable, Equatable, Sendable {
    var x: Int
    var label: String?
    /// Counts the values written or read through the conformance, to show which path ran.
    nonisolated(unsafe) static var directUses = 0

    init(x: Int, label: String?) {
        self.x = x
        self.label = label
    }

    func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        Self.directUses += 1
        writer.beginObject()
        try writer.write(x, forKey: "x")
        try writer.writeIfPresent(label, forKey: "label")
        writer.endObject()
    }

    init(noticeJSON json: NoticeJSONValue) throws {
        Self.directUses += 1
        var object = try json.object(of: Self.self)
        x = try object.decode(Int.self, forKey: "x")
        label = try object.decodeIfPresent(String.self, forKey: "label")
    }
}

@Suite(.serialized)
struct HandWrittenCodecTests {
    @Test func aJournalWritesAndReadsAConformingPayloadThroughItsConformance() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("journal.sqlite")
        let points = [HandWrittenPoint(x: -3, label: "a \"quoted\" é"), HandWrittenPoint(x: 7, label: nil)]
        HandWrittenPoint.directUses = 0
        do {
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            for point in points { try hub.post("point", payload: point) }
            try hub.close()
        }
        #expect(HandWrittenPoint.directUses == 2)
        let hub = try NoticeHub(journal: SQLiteJournal(path: path))
        defer { try? hub.close() }
        let read = Locked<[HandWrittenPoint]>([])
        let texts = Locked<[String]>([])
        let token = hub.observe("point") { notice in
            read.withLock { $0.append(try! notice.decode(HandWrittenPoint.self)) }
            texts.withLock { $0.append(try! notice.payloadJSON()) }
        }
        #expect(try hub.journal.replay() == 2)
        withExtendedLifetime(token) {}
        #expect(read.withLock { $0 } == points)
        #expect(HandWrittenPoint.directUses == 4)
        // Byte for byte what the Codable path writes.
        #expect(texts.withLock { $0 } == (try points.map { try PayloadEncoder().encodeToString($0) }))
    }

    @Test func errorsNameTheMemberAsTheCodablePathDoes() throws {
        let notice = try NoticeHub().post("point", json: #"{"x":"seven"}"#)
        #expect {
            try notice.decode(HandWrittenPoint.self)
        } throws: { error in
            "\(error)".contains("expected Int but found string \"seven\" at x")
        }
        let missing = try NoticeHub().post("point", json: #"{"label":"a"}"#)
        #expect {
            try missing.decode(HandWrittenPoint.self)
        } throws: { error in
            "\(error)".contains("missing key \"x\"")
        }
    }
}

/// A value shared with a handler that runs on a delivery thread.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
