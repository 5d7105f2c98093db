public import NoticeHub
import Synchronization

/// Where a plane is: how far from the runway, how high.
public struct Position: Codable, Sendable, Equatable {
    public var distanceFromRunway: Int
    public var height: Int

    public init(distanceFromRunway: Int, height: Int) {
        self.distanceFromRunway = distanceFromRunway
        self.height = height
    }
}

/// Document 003's airspace: the mediator the planes talk through. A plane that
/// moves asks the other planes whether it came too close (reply collection);
/// `closerPlanesOnly` is the chapter's variant with "more logic in the
/// mediator", asking only the planes nearer the runway than the new position.
public final class Airspace: Sendable {
    public static let positionChanged: NoticeName = "airplane.position-changed"
    public static let moved: NoticeName = "airplane.moved"
    public static let landed: NoticeName = "airplane.landed"

    public let hub: NoticeHub
    public let closerPlanesOnly: Bool
    private let positions = Mutex<[Sender: Position]>([:])
    private let asked = Atomic<Int>(0)

    public init(hub: NoticeHub = NoticeHub(), closerPlanesOnly: Bool = false) {
        self.hub = hub
        self.closerPlanesOnly = closerPlanesOnly
        _ = hub.observe(Self.moved, owner: self) { [weak self] notice in
            guard let airspace = self else { return }
            guard let sender = notice.sender, let position = try? notice.decode(Position.self) else { return }
            airspace.positions.locked { $0[sender] = position }
        }
        _ = hub.observe(Self.landed, owner: self) { [weak self] notice in
            guard let airspace = self else { return }
            guard let sender = notice.sender else { return }
            airspace.positions.locked { $0[sender] = nil }
        }
    }

    /// How many planes have been asked so far, over every check.
    public var planesAsked: Int { asked.load(ordering: .relaxed) }

    /// True when some other plane says `position` is too close to it.
    func isTooClose(_ position: Position, for plane: Sender) -> Bool {
        var closer: Set<Sender>?
        if closerPlanesOnly {
            closer = positions.locked { positions in
                Set(positions.filter { $0.value.distanceFromRunway <= position.distanceFromRunway }.keys)
            }
        }
        // The name is a literal, which a request cannot be refused for.
        let replies =
            (try? hub.request(
                Self.positionChanged, payload: position, from: plane, as: Bool.self,
                askingOnly: closer.map { closer in { closer.contains($0) } })) ?? []
        asked.add(replies.count, ordering: .relaxed)
        return replies.contains { $0.value == true }
    }
}

/// A plane approaching the runway; it knows only the airspace, never the
/// other planes.
public final class Airplane: Sendable {
    public let name: Sender
    private let airspace: Airspace
    private let position: Mutex<Position>
    private let responder = Mutex<Subscription?>(nil)
    private let output: DemoOutput

    public init(name: Sender, initialPosition: Position, airspace: Airspace, output: @escaping DemoOutput) {
        self.name = name
        self.airspace = airspace
        self.position = Mutex(initialPosition)
        self.output = output
        let subscription = airspace.hub.respond(
            to: Airspace.positionChanged, as: name, owner: self
        ) { [weak self] notice in
            guard let plane = self else { throw CancellationError() }
            return plane.isTooClose(to: try notice.value(as: Position.self))
        }
        responder.locked { $0 = subscription }
        _ = try? airspace.hub.post(Airspace.moved, sender: name, payload: initialPosition)
    }

    public var currentPosition: Position { position.locked { $0 } }

    /// Another plane's new position is too close when on the same distance
    /// and less than 1,000 feet apart.
    func isTooClose(to other: Position) -> Bool {
        let mine = currentPosition
        return other.distanceFromRunway == mine.distanceFromRunway && abs(other.height - mine.height) < 1000
    }

    /// Moves, unless another plane objects; returns false when it aborted.
    @discardableResult
    public func changePosition(_ newPosition: Position) -> Bool {
        position.locked { $0 = newPosition }
        if airspace.isTooClose(newPosition, for: name) {
            output("\(name): Too close! Abort!")
            return false
        }
        _ = try? airspace.hub.post(Airspace.moved, sender: name, payload: newPosition)
        output("\(name): Position changed")
        return true
    }

    /// Lands and leaves the airspace.
    public func land() {
        position.locked { $0 = Position(distanceFromRunway: 0, height: 0) }
        responder.locked { $0?.cancel() }
        _ = try? airspace.hub.post(Airspace.landed, sender: name)
        output("\(name): Landed")
    }
}

enum AirplanesDemo {
    static func run(output: @escaping DemoOutput, closerPlanesOnly: Bool = false) {
        let airspace = Airspace(closerPlanesOnly: closerPlanesOnly)
        let british = Airplane(
            name: "BA706", initialPosition: Position(distanceFromRunway: 11, height: 21_000),
            airspace: airspace, output: output)
        let american = Airplane(
            name: "AA101", initialPosition: Position(distanceFromRunway: 12, height: 22_000),
            airspace: airspace, output: output)
        british.changePosition(Position(distanceFromRunway: 8, height: 10_000))
        british.changePosition(Position(distanceFromRunway: 2, height: 5_000))
        british.changePosition(Position(distanceFromRunway: 1, height: 1_000))
        let cathay = Airplane(
            name: "CX200", initialPosition: Position(distanceFromRunway: 13, height: 22_000),
            airspace: airspace, output: output)
        british.land()
        cathay.changePosition(Position(distanceFromRunway: 12, height: 22_000))
        withExtendedLifetime(american) {}
    }
}
