#if NOTICEHUB_TSAN
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Darwin)
        import Darwin
    #endif
#endif
package import Synchronization

extension Mutex where Value: ~Copyable {
    /// `withLock`, announced to ThreadSanitizer in builds made for it.
    ///
    /// The toolchain's `Mutex` locks with atomics inside a library that is not
    /// built with ThreadSanitizer, so a sanitized build sees no ordering and
    /// reports every access to protected state as a race. Builds for
    /// ThreadSanitizer define `NOTICEHUB_TSAN` (`.ci/run` passes
    /// `-Xswiftc -DNOTICEHUB_TSAN` beside `--sanitize=thread`): there the
    /// runtime's `__tsan_acquire` and `__tsan_release` are called around the
    /// body. In every other build this is `withLock`.
    @inline(__always)
    package borrowing func locked<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        #if NOTICEHUB_TSAN
            try withLock { (value: inout sending Value) throws(Failure) -> sending Result in
                // The mutex's own address: touching `value` for it would itself
                // count as an access before the acquire.
                let key = withUnsafePointer(to: self) { UnsafeMutableRawPointer(mutating: $0) }
                RaceDetector.annotations.acquire(key)
                defer { RaceDetector.annotations.release(key) }
                return try body(&value)
            }
        #else
            try withLock(body)
        #endif
    }
}

#if NOTICEHUB_TSAN
    /// ThreadSanitizer's annotation entry points, found in its runtime.
    enum RaceDetector {
        typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void

        struct Annotations: Sendable {
            let acquire: Annotation
            let release: Annotation
        }

        static let annotations: Annotations = {
            let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
            guard let acquire = dlsym(everywhere, "__tsan_acquire"),
                let release = dlsym(everywhere, "__tsan_release")
            else {
                fatalError(
                    "NOTICEHUB_TSAN is defined, but the ThreadSanitizer runtime is not loaded: build with --sanitize=thread"
                )
            }
            return Annotations(
                acquire: unsafeBitCast(acquire, to: Annotation.self),
                release: unsafeBitCast(release, to: Annotation.self))
        }()
    }
#endif
