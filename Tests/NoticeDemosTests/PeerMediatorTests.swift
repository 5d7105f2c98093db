import NoticeHub
import Synchronization
import Testing

/// Document 003's generalised mediators: command-based (the mediator runs a
/// command against every other peer) and message-based (every other peer
/// handles a typed message), each collecting every peer's result.
struct PeerMediatorTests {
    struct Position: Sendable, Equatable {
        var distance: Int
        var height: Int
    }

    final class Plane: Sendable {
        let name: Sender
        let position: Mutex<Position>

        init(_ name: Sender, _ position: Position) {
            self.name = name
            self.position = Mutex(position)
        }

        func isTooClose(to other: Position) -> Bool {
            let mine = position.locked { $0 }
            return other.distance == mine.distance && abs(other.height - mine.height) < 1000
        }
    }

    /// A command: run against each peer, the peer's answer collected.
    struct Command: Sendable {
        let run: @Sendable (Plane) -> Bool
    }

    @Test func theCommandMediatorCollectsEveryOtherPeersResult() throws {
        let hub = NoticeHub()
        let planes = [
            Plane("BA706", .init(distance: 11, height: 21_000)),
            Plane("AA101", .init(distance: 12, height: 22_000)),
            Plane("CX200", .init(distance: 13, height: 22_000)),
        ]
        for plane in planes {
            _ = hub.respond(to: "command", as: plane.name, owner: plane) { [weak plane] notice in
                guard let plane else { throw CancellationError() }
                return try notice.value(as: Command.self).run(plane)
            }
        }
        let target = Position(distance: 12, height: 22_000)
        let results = try hub.request(
            "command", payload: Command { $0.isTooClose(to: target) }, from: "CX200", as: Bool.self)
        #expect(results.map(\.responder) == ["BA706", "AA101"])
        #expect(results.map(\.value) == [false, true])
    }

    @Test func theMessageMediatorCollectsEveryOtherPeersResult() throws {
        let hub = NoticeHub()
        let planes = [
            Plane("BA706", .init(distance: 1, height: 1_000)),
            Plane("AA101", .init(distance: 12, height: 22_000)),
            Plane("CX200", .init(distance: 13, height: 22_000)),
        ]
        for plane in planes {
            // One handler per message type; peers of different types could answer too.
            _ = hub.respond(to: "changePos", as: plane.name, owner: plane) { [weak plane] notice in
                guard let plane else { throw CancellationError() }
                return plane.isTooClose(to: try notice.value(as: Position.self))
            }
        }
        let safe = try hub.request(
            "changePos", payload: Position(distance: 5, height: 5_000), from: "BA706", as: Bool.self)
        #expect(safe.count == 2 && safe.allSatisfy { $0.value == false })
        let unsafe = try hub.request(
            "changePos", payload: Position(distance: 13, height: 22_500), from: "AA101", as: Bool.self)
        #expect(unsafe.map(\.value) == [false, true])
        #expect(try hub.request("unknown", payload: 0, from: "BA706", as: Bool.self).isEmpty)
    }
}
