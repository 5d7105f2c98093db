import Foundation
import NoticeHub
import Synchronization

/// `subscribe.cancel.*`: one `observe` and its `cancel()`, round-robin over
/// 100 names, against NotificationCenter's `addObserver` and
/// `removeObserver`, each in four settings: nothing else running (`idle`),
/// 1,000 other observers registered (`live1000`), and another thread posting
/// all the while to a name nobody here observes (`busy`) or to the very names
/// being observed and cancelled (`busy.same`).
enum SubscribeBench {
    private enum Setting: String, CaseIterable {
        case idle, live1000, busy, busySame = "busy.same"

        var id: String { "subscribe.cancel.\(rawValue)" }
    }

    static func run(_ options: BenchOptions, report: (BenchResult) -> Void) throws {
        for setting in Setting.allCases where options.selects(setting.id) {
            report(try measure(setting, options))
        }
    }

    private static func measure(_ setting: Setting, _ options: BenchOptions) throws -> BenchResult {
        let rounds = options.size(200_000, floor: 20_000)
        let names = (0..<100).map { NoticeName(stringLiteral: "bench.subscribe.\($0)") }
        let ncNames = names.map { Notification.Name($0.rawValue) }
        let hub = NoticeHub()
        let center = NotificationCenter()

        var live: [Subscription] = []
        var ncLive: [any NSObjectProtocol] = []
        if setting == .live1000 {
            live = (0..<1_000).map { i in hub.observe(names[i % 100]) { _ in } }
            ncLive = (0..<1_000).map { i in
                center.addObserver(forName: ncNames[i % 100], object: nil, queue: nil) { _ in }
            }
        }
        let poster =
            setting == .busy || setting == .busySame
            ? BusyPoster(hub: hub, center: center, names: setting == .busySame ? names : ["bench.subscribe.elsewhere"])
            : nil
        poster?.start()
        defer { poster?.stop() }

        let samples = try BenchHarness(repetitions: options.repetitions).measureAlternating([
            {
                for i in 0..<rounds {
                    let subscription = hub.observe(names[i % 100]) { _ in }
                    subscription.cancel()
                }
                try check(
                    hub.liveObserverCount == live.count,
                    "\(setting.id): \(hub.liveObserverCount) observers left, expected \(live.count)")
                return rounds
            },
            {
                for i in 0..<rounds {
                    let observer = center.addObserver(forName: ncNames[i % 100], object: nil, queue: nil) { _ in }
                    center.removeObserver(observer)
                }
                return rounds
            },
        ])
        withExtendedLifetime(live) {}
        ncLive.forEach(center.removeObserver)
        return BenchHarness.result(setting.id, samples[0], anchor: "NotificationCenter", samples[1])
    }
}

/// A thread that posts round-robin to `names`, on the hub and on the
/// center alike, until stopped.
private final class BusyPoster: @unchecked Sendable {
    private let hub: NoticeHub
    private let center: NotificationCenter
    private let names: [NoticeName]
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)

    init(hub: NoticeHub, center: NotificationCenter, names: [NoticeName]) {
        self.hub = hub
        self.center = center
        self.names = names
    }

    func start() {
        let ncNames = names.map { Notification.Name($0.rawValue) }
        Thread { [self] in
            var i = 0
            while !stopped.load(ordering: .relaxed) {
                _ = try? hub.post(names[i % names.count])
                center.post(name: ncNames[i % ncNames.count], object: nil)
                i &+= 1
            }
            finished.signal()
        }.start()
    }

    func stop() {
        stopped.store(true, ordering: .relaxed)
        finished.wait()
    }
}
