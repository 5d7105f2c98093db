import Foundation
import NoticeHub
@testable import NoticeDemos
import Synchronization
import Testing

struct AirplaneTests {
    @Test func askingOnlyCloserPlanesPrintsTheSameAndAsksFewer() throws {
        let everyPlane = Printed(), closerOnly = Printed()
        let basic = Airspace()
        let variant = Airspace(closerPlanesOnly: true)
        try Self.script(basic, everyPlane)
        try Self.script(variant, closerOnly)
        #expect(closerOnly.lines == everyPlane.lines)
        #expect(everyPlane.lines == (try Expected.lines(of: "airplanes")))
        #expect(variant.planesAsked < basic.planesAsked)
        #expect(variant.planesAsked > 0)
    }

    /// Listing 21-7's script on a given airspace.
    static func script(_ airspace: Airspace, _ printed: Printed) throws {
        let output: DemoOutput = { printed($0) }
        let british = Airplane(
            name: "BA706", initialPosition: .init(distanceFromRunway: 11, height: 21_000), airspace: airspace,
            output: output)
        let american = Airplane(
            name: "AA101", initialPosition: .init(distanceFromRunway: 12, height: 22_000), airspace: airspace,
            output: output)
        british.changePosition(.init(distanceFromRunway: 8, height: 10_000))
        british.changePosition(.init(distanceFromRunway: 2, height: 5_000))
        british.changePosition(.init(distanceFromRunway: 1, height: 1_000))
        let cathay = Airplane(
            name: "CX200", initialPosition: .init(distanceFromRunway: 13, height: 22_000), airspace: airspace,
            output: output)
        british.land()
        cathay.changePosition(.init(distanceFromRunway: 12, height: 22_000))
        withExtendedLifetime(american) {}
    }

    @Test func landingLeavesTheAirspace() {
        let airspace = Airspace()
        let plane = Airplane(
            name: "BA706", initialPosition: .init(distanceFromRunway: 5, height: 5_000), airspace: airspace,
            output: { _ in })
        #expect(airspace.hub.liveResponderCount == 1)
        plane.land()
        #expect(airspace.hub.liveResponderCount == 0)
        let other = Airplane(
            name: "AA101", initialPosition: .init(distanceFromRunway: 9, height: 9_000), airspace: airspace,
            output: { _ in })
        #expect(other.changePosition(.init(distanceFromRunway: 0, height: 0)), "the landed plane is not asked")
    }

    @Test func manyPlanesMovingFromManyThreads() {
        let airspace = Airspace()
        let printed = Printed()
        let planes = (0..<16).map { index in
            Airplane(
                name: Sender(stringLiteral: "P\(index)"),
                initialPosition: .init(distanceFromRunway: 1_000 + index, height: 30_000),
                airspace: airspace, output: { printed($0) })
        }
        let group = DispatchGroup()
        for (index, plane) in planes.enumerated() {
            group.enter()
            Thread {
                // Each plane keeps its own lane: no move may be refused.
                for step in 0..<200 {
                    plane.changePosition(.init(distanceFromRunway: index * 1_000 + step % 500, height: 20_000 - step))
                }
                plane.land()
                group.leave()
            }.start()
        }
        group.wait()
        #expect(printed.lines.filter { $0.hasSuffix("Abort!") }.isEmpty)
        #expect(printed.lines.filter { $0.hasSuffix("Position changed") }.count == 16 * 200)
        #expect(printed.lines.filter { $0.hasSuffix("Landed") }.count == 16)
        #expect(airspace.hub.liveResponderCount == 0)

        // And the check still bites under concurrency: two planes, one lane.
        let a = Airplane(
            name: "A", initialPosition: .init(distanceFromRunway: 7, height: 7_000), airspace: airspace,
            output: { _ in })
        let b = Airplane(
            name: "B", initialPosition: .init(distanceFromRunway: 9, height: 9_000), airspace: airspace,
            output: { _ in })
        #expect(!b.changePosition(.init(distanceFromRunway: 7, height: 7_500)))
        withExtendedLifetime(a) {}
    }
}
