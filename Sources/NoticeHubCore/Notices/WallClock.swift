#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The wall clock in milliseconds, read straight from the system (`Date()`
/// costs more).
package enum WallClock {
    /// The precise clock, for journaled notices: their append costs
    /// microseconds anyway.
    package static func nowMilliseconds() -> Int64 {
        read(CLOCK_REALTIME)
    }

    /// The clock as of the last kernel tick (1-4 ms old), for in-memory
    /// notices: about five times cheaper than the precise clock, which
    /// would otherwise be a fifth of a post's cost.
    package static func coarseMilliseconds() -> Int64 {
        #if os(Linux)
            read(CLOCK_REALTIME_COARSE)
        #else
            read(CLOCK_REALTIME)
        #endif
    }

    private static func read(_ clock: clockid_t) -> Int64 {
        var spec = timespec()
        clock_gettime(clock, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }
}
