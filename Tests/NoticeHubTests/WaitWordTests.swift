import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Synchronization
import Testing

struct WaitWordTests {
    /// Sleepers whose condition is met by the advance all return; one whose
    /// condition is not yet met sleeps again and returns on a later advance.
    @Test func oneAdvanceWakesEverySleeperWhoseTurnHasCome() {
        let word = WaitWord()
        let turn = Atomic<Int>(0)
        let sleepers = 6
        let woken = Atomic<Int>(0)
        let group = DispatchGroup()
        for index in 0..<sleepers {
            group.enter()
            Thread {
                // The last sleeper's turn is the second advance.
                let myTurn = index == sleepers - 1 ? 2 : 1
                while true {
                    let seen = word.value
                    if turn.load(ordering: .acquiring) >= myTurn { break }
                    word.wait(whileEqualTo: seen)
                }
                woken.add(1, ordering: .relaxed)
                group.leave()
            }.start()
        }
        Thread.sleep(forTimeInterval: 0.05) // let most of them fall asleep
        turn.store(1, ordering: .releasing)
        word.wakeAll()
        let deadline = Date().addingTimeInterval(10)
        while woken.load(ordering: .relaxed) < sleepers - 1, Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        Thread.sleep(forTimeInterval: 0.02)
        #expect(woken.load(ordering: .relaxed) == sleepers - 1, "the last sleeper's turn has not come")
        turn.store(2, ordering: .releasing)
        word.wakeAll()
        #expect(group.wait(timeout: .now() + 10) == .success)
    }
}
