// swift-format-ignore-file
// (Its samples are the NoticeHubTesting catalog's, line for line.)
import Foundation
import NoticeHub
import NoticeHubTesting
import Synchronization
import Testing

/// The Swift samples of NoticeHubTesting's DocC catalog, compiled and run
/// here; the last test fails when a sample of the catalog is not found in
/// this file.
struct TestingDocumentationTests {
    /// The app's colleague in the samples: a cart that follows what is added
    /// and posts when it is checked out.
    final class Cart: Sendable {
        private final class Items: Sendable {
            let list = Mutex<[String]>([])
        }

        private let hub: NoticeHub
        private let state = Items()
        private let token: Subscription

        init(hub: NoticeHub) {
            self.hub = hub
            let state = state
            token = hub.observe("cart.added") { notice in
                struct Added: Decodable { var item: String }
                if let added = try? notice.decode(Added.self) { state.list.withLock { $0.append(added.item) } }
            }
        }

        var items: [String] { state.list.withLock { $0 } }

        func checkOut() throws {
            try hub.post("cart.checkedOut", sender: "cart", payload: ["items": items])
        }
    }

    @Test func aFixtureReplayedNoticeByNotice() throws {
        let fixture = try NoticeFixture(jsonl: """
            {"name":"cart.added","sender":"shop","payload":{"item":"tea"}}
            {"name":"cart.added","sender":"shop","payload":{"item":"milk"}}
            """)
        let app = NoticeHub()
        let cart = Cart(hub: app)
        var sizes: [Int] = []
        try fixture.replay(into: app) { _ in sizes.append(cart.items.count) }
        #expect(sizes == [1, 2])
        // Replaying again into fresh colleagues gives the same notices, in the same order.
        let again = NoticeHub()
        let secondCart = Cart(hub: again)
        try fixture.replay(into: again)
        #expect(secondCart.items == ["tea", "milk"] && cart.items == ["tea", "milk"])
    }

    /// The catalog's colleague on the main actor: a screen's model.
    @MainActor final class CartScreen {
        private(set) var count = 0
        private var token: Subscription?

        init(hub: NoticeHub) {
            token = hub.observe("cart.added", on: MainActor.self) { [weak self] _ in self?.count += 1 }
        }
    }

    @MainActor @Test func aFixtureReplayedIntoAColleagueOnTheMainActor() async throws {
        let fixture = try NoticeFixture(jsonl: """
            {"name":"cart.added","sender":"shop","payload":{"item":"tea"}}
            {"name":"cart.added","sender":"shop","payload":{"item":"milk"}}
            """)
        let app = NoticeHub()
        let screen = CartScreen(hub: app)   // observes cart.added on the main actor
        var shown: [Int] = []
        try await fixture.replay(into: app) { _ in shown.append(screen.count) }
        #expect(shown == [1, 2])
    }

    @Test func whatTheAppPostsComparedWithWhatTheTestExpects() throws {
        let app = NoticeHub()
        let cart = Cart(hub: app)
        try app.post("cart.added", sender: "shop", payload: ["item": "tea"])
        let recorder = NoticeRecorder(app, names: ["cart.*"])
        try cart.checkOut()
        if let difference = recorder.difference(from: [
            try FixtureNotice("cart.checkedOut", sender: "cart", payload: ["items": ["tea"]]),
        ]) {
            Issue.record(Comment(rawValue: difference))
        }
        #expect(recorder.notices.map(\.name) == ["cart.checkedOut"])
        #expect(recorder.difference(from: []) != nil)
    }

    @Test func aBadLineIsNamedByItsNumber() throws {
        var failure: ImportError?
        do {
            _ = try NoticeFixture(jsonl: "{\"name\":\"cart.added\"}\n\n{\"name\":")
        } catch let error as ImportError {
            failure = error   // error.line == 3: the blank line counts
        }
        #expect(failure?.line == 3)
        #expect(failure?.reason.hasPrefix("not valid JSON") == true)
    }

    @Test func everySwiftSampleInTheCatalogIsCompiledHere() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let catalog = root.appendingPathComponent("Sources/NoticeHubTesting/NoticeHubTesting.docc")
        let here = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
        let compiled = Self.normalized(here).joined(separator: "\n")
        var samples: [String] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: catalog.path) where file.hasSuffix(".md") {
            let text = try String(contentsOf: catalog.appendingPathComponent(file), encoding: .utf8)
            samples += text.components(separatedBy: "```swift\n").dropFirst()
                .map { $0.components(separatedBy: "```").first ?? "" }
        }
        #expect(samples.count >= 3)
        for sample in samples {
            let lines = Self.normalized(sample)
            #expect(compiled.contains(lines.joined(separator: "\n")), "catalog sample not compiled here:\n\(sample)")
        }
    }

    /// Lines without indentation, blank lines dropped.
    static func normalized(_ text: String) -> [String] {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
