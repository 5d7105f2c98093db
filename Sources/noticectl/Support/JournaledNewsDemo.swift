import NoticeHubCommands
import NoticeDemos
import NoticeHub
import NoticeNews

/// `demo news --journal`: the news document's scenario on a journal, so state
/// survives across runs. Prints the in-memory demo's lines, then a summary.
struct JournaledNewsDemo {
    let path: String
    let hub: NoticeHub

    func run() throws {
        try NewsDemo.prepareJournal(hub)

        // The mediator's log registers first so that, as in memory, its line
        // comes before the colleagues' for every notice.
        let mediatorLog = NewsDemo.screenMediatorLog(hub) { print($0) }
        let colleagues = try NewsStore.rebuildFromState(on: hub, detailID: 1) { print($0) }
        try colleagues.feed.userLikedAllNews("alice")
        print("\n")
        try colleagues.feed.userDislikedAllNews("alice")
        withExtendedLifetime(mediatorLog) {}

        let notices = try hub.journal.statistics().notices
        let agrees = try NewsStore.differences(in: hub).isEmpty
        print("journal \(path) holds \(CountText.counted(notices, "notice"))")
        print("replaying it gives the stored state: \(agrees ? "yes" : "no")")
        if !agrees { throw CommandFailure("the stored state disagrees with the journal; run `noticectl verify`") }
    }
}
