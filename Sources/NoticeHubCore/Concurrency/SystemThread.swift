import Foundation

/// Starts work on a new operating-system thread, and says when the system
/// could not make one: the one way the package starts a thread.
///
/// Foundation's `Thread.start()` on Linux ignores a failed `pthread_create`:
/// the block never runs and whoever waits for it waits forever. Callers here
/// fall back instead: they do the work themselves, or do without it (a
/// follower polls when no listener thread tells it of commits).
package enum SystemThread {
    private final class Work {
        let name: String
        let body: @Sendable () -> Void

        init(name: String, body: @escaping @Sendable () -> Void) {
            self.name = name
            self.body = body
        }

        func run() {
            Thread.current.name = name
            body()
        }
    }

    /// Runs `body` on a new detached thread named `name`; false, without
    /// running it, when the thread could not be created.
    package static func start(name: String, _ body: @escaping @Sendable () -> Void) -> Bool {
        let work = Unmanaged.passRetained(Work(name: name, body: body))
        // Allocated rather than initialized in Swift: pthread_attr_init
        // writes every field.
        let attributes = UnsafeMutablePointer<pthread_attr_t>.allocate(capacity: 1)
        pthread_attr_init(attributes)
        defer {
            pthread_attr_destroy(attributes)
            attributes.deallocate()
        }
        pthread_attr_setdetachstate(attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
            var thread: pthread_t?
            let status = pthread_create(
                &thread, attributes,
                { context in
                    Unmanaged<Work>.fromOpaque(context).takeRetainedValue().run()
                    return nil
                }, work.toOpaque())
        #else
            var thread = pthread_t()
            let status = pthread_create(
                &thread, attributes,
                { context in
                    Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, work.toOpaque())
        #endif
        if status != 0 {
            work.release()
            return false
        }
        return true
    }

    /// Runs `body(0)` to `body(count - 1)` at once, each on a thread of its
    /// own named `name`, and returns once all have returned. A body whose
    /// thread could not be started runs on the calling thread, after the
    /// others started.
    package static func runAll(_ count: Int, name: String, _ body: @escaping @Sendable (Int) -> Void) {
        let finished = DispatchGroup()
        var inline: [Int] = []
        for index in 0..<count {
            finished.enter()
            let started = start(name: name) {
                body(index)
                finished.leave()
            }
            if !started { inline.append(index) }
        }
        for index in inline {
            body(index)
            finished.leave()
        }
        finished.wait()
    }
}
