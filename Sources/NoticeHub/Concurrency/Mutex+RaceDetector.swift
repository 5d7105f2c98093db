#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
package import Synchronization

extension Mutex where Value: ~Copyable {
    /// `withLock`, announced to ThreadSanitizer.
    ///
    /// The toolchain's `Mutex` locks with atomics inside a library that is not
    /// built with ThreadSanitizer, so a sanitized build sees no ordering and
    /// reports every access to protected state as a race. Under TSan the
    /// runtime's `__tsan_acquire`/`__tsan_release` are found at start-up and
    /// called around the body; in every other build they are absent and this
    /// is `withLock` plus a nil check.
    @inline(__always)
    package borrowing func locked<Result, Failure: Error>(
        _ body: (inout sending Value) throws(Failure) -> sending Result
    ) throws(Failure) -> sending Result {
        try withLock { (value: inout sending Value) throws(Failure) -> sending Result in
            guard let annotations = RaceDetector.annotations else { return try body(&value) }
            // The mutex's own address: touching `value` for it would itself
            // count as an access before the acquire.
            let key = withUnsafePointer(to: self) { UnsafeMutableRawPointer(mutating: $0) }
            annotations.acquire(key)
            defer { annotations.release(key) }
            return try body(&value)
        }
    }
}

/// ThreadSanitizer's annotation entry points, when its runtime is loaded.
enum RaceDetector {
    typealias Annotation = @convention(c) (UnsafeMutableRawPointer?) -> Void

    struct Annotations: Sendable {
        let acquire: Annotation
        let release: Annotation
    }

    static let annotations: Annotations? = {
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
        guard let acquire = dlsym(everywhere, "__tsan_acquire"),
              let release = dlsym(everywhere, "__tsan_release") else { return nil }
        return Annotations(
            acquire: unsafeBitCast(acquire, to: Annotation.self),
            release: unsafeBitCast(release, to: Annotation.self))
    }()
}
