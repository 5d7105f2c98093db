import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport
import NoticeJSON

/// A seeded random pass over the import parser and payload decoding:
/// arbitrary bytes and mutated valid lines never crash or hang, and every
/// refusal is one line. (docs/Development.md shows how to run a long pass.)
struct FuzzTests {
    struct Reading: Codable { var id: Int; var user: String; var tags: [String]; var score: Double? }

    static let seeds = [
        #"{"seq":1,"id":"7b0c2f3e-1111-8000-8000-000000000001","name":"news.liked","sender":"feed","payload":{"newsID":1,"user":"alice"},"postedAt":"2026-11-21T15:04:05.123Z"}"#,
        #"{"name":"x","payload":{"id":3,"user":"bob","tags":["a","b"],"score":1.5e3}}"#,
        #"{"name":"y","sender":null,"payload":{}}"#,
    ]

    @Test
    func arbitraryBytesNeverCrashTheLineParserOrTheDecoder() {
        // A bounded pass by default; docs/Development.md shows how to run a long one.
        let environment = ProcessInfo.processInfo.environment
        let iterations = environment["NOTICEHUB_FUZZ_ITERATIONS"].flatMap(Int.init) ?? 20_000
        var random = SeededGenerator(seed: environment["NOTICEHUB_FUZZ_SEED"].flatMap(UInt64.init) ?? 0x4E54_4348)
        var refusals = 0
        for round in 0..<iterations {
            var bytes = Array(Self.seeds[round % Self.seeds.count].utf8)
            if round % 4 == 0 {
                bytes = (0..<Int.random(in: 0..<200, using: &random)).map { _ in
                    UInt8.random(in: 0...255, using: &random)
                }
            } else {
                for _ in 0..<Int.random(in: 1...6, using: &random) {
                    let position = Int.random(in: 0..<max(1, bytes.count), using: &random)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0 where !bytes.isEmpty: bytes[position] = UInt8.random(in: 0...255, using: &random)
                    case 1 where !bytes.isEmpty: bytes.remove(at: position)
                    case 2:
                        bytes.insert(
                            Array("{}[]\",:\\0e-".utf8).randomElement(using: &random)!, at: min(position, bytes.count))
                    default: bytes.append(contentsOf: bytes.prefix(8))
                    }
                }
            }
            let line = String(decoding: bytes, as: UTF8.self)
            do {
                let notice = try NoticeLine.decode(line)
                _ = try? notice.decode(Reading.self)
                _ = try? notice.payloadJSON()
            } catch {
                refusals += 1
                if "\(error)".contains("\n") { Issue.record("a multi-line error for \(line)") }
            }
            _ = try? PayloadDecoder().decode(Reading.self, from: bytes)
        }
        #expect(refusals > iterations / 20, "the fuzzer reached the error paths")
    }

    @Test func deeplyNestedInputIsRefusedNotOverflowed() {
        let deep = #"{"name":"x","payload":{"a":"# + String(repeating: "[", count: 100_000) + "}}"
        #expect(throws: NoticeLineError.self) { try NoticeLine.decode(deep) }
    }
}
