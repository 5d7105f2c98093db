import NoticeHub
import Testing

struct MediatorTests {
    final class Member {
        let name: String
        var heard: [String] = []
        init(_ name: String) { self.name = name }
    }

    protocol Listener { func listen() }
    struct ValueListener: Listener { func listen() {} }

    /// A struct colleague could never be invoked nor removed: adding one
    /// traps at once instead.
    @Test func aColleagueThatIsNotAClassInstanceIsRefused() async {
        await #expect(processExitsWith: .failure) {
            Mediator<any Listener>().addColleague(ValueListener())
        }
    }

    @Test func aClassBoundExistentialColleagueIsInvoked() {
        final class Counter: Listener {
            nonisolated(unsafe) var count = 0
            func listen() { count += 1 }
        }
        let counter = Counter()
        let mediator = Mediator<any Listener>()
        mediator.addColleague(counter)
        mediator.invokeColleagues { $0.listen() }
        #expect(counter.count == 1)
    }

    @Test func invokesEveryColleagueOrAllButTheInitiatorInOrder() {
        let mediator = Mediator<Member>()
        let a = Member("a"), b = Member("b"), c = Member("c")
        [a, b, c].forEach { mediator.addColleague($0) }
        mediator.invokeColleagues(by: b) { $0.heard.append("from b") }
        mediator.invokeColleagues { $0.heard.append("all") }
        #expect(a.heard == ["from b", "all"])
        #expect(b.heard == ["all"])
        #expect(c.heard == ["from b", "all"])
        #expect(mediator.colleagues.map(\.name) == ["a", "b", "c"])
    }

    @Test func weakColleaguesLeaveWhenDeallocatedStrongOnesStay() {
        let mediator = Mediator<Member>()
        var weak: Member? = Member("weak")
        mediator.addColleague(weak!, strongReference: false)
        mediator.addColleague(Member("strong"))
        #expect(mediator.colleagues.map(\.name) == ["weak", "strong"])
        weak = nil
        #expect(mediator.colleagues.map(\.name) == ["strong"])
        var calls = 0
        mediator.invokeColleagues { _ in calls += 1 }
        #expect(calls == 1)
    }

    @Test func removedColleaguesAreNoLongerInvoked() {
        let mediator = Mediator<Member>()
        let a = Member("a"), b = Member("b")
        mediator.addColleague(a)
        mediator.addColleague(b)
        mediator.removeColleague(a)
        mediator.removeColleague(a)
        mediator.invokeColleagues { $0.heard.append("x") }
        #expect(a.heard.isEmpty && b.heard == ["x"])
        #expect(mediator.hub.liveResponderCount == 1, "the mediator's colleagues are hub responders")
    }
}
