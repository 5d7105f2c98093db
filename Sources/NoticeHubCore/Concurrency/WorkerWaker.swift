import Synchronization

/// A ``BackgroundWorker`` that is started after what wakes it is set up:
/// commit announcements and `cancel()` wake the worker once it is stored,
/// and nobody before.
final class WorkerWaker: Sendable {
    let worker = Mutex<BackgroundWorker?>(nil)

    func wake() {
        worker.locked { $0 }?.wake()
    }
}
