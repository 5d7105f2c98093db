import NoticeHub

/// Posting-thread observations of ``BenchClicks``' clicks on `home`, open on
/// one hub until ``cancel()``: the load the `state.unconcerned.*` workloads
/// keep beside posts that those observations do not concern. With none, it
/// opens nothing, and the hub watches nothing.
struct OpenObservations {
    private let tokens: [Subscription]

    /// Opens `count` observations on `hub`, whose journal must have
    /// ``BenchClicks`` installed when `count` is above 0.
    init(_ count: Int, on hub: NoticeHub) throws {
        tokens = try (0..<count).map { _ in
            try hub.journal.observe(BenchClicks(), reading: BenchClicks.home) { _ in }
        }
    }

    func cancel() {
        for token in tokens { token.cancel() }
    }
}
