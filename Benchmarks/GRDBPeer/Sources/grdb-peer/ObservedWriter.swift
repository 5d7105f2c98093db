/// One library's side of the measurement: a durable write that raises the
/// clicks on `home` by one, and an observer of that value.
protocol ObservedWriter {
    /// Which library, observed how.
    var label: String { get }

    /// Writes once, making the value `expected`, and waits for the observer
    /// to hold it.
    func write(expecting expected: Int64) throws -> Sample
}

/// One write's figures, in nanoseconds.
struct Sample {
    /// From the end of the write's commit to the observer's handler
    /// holding the new value.
    var fromCommit: Double
    /// From just before the write's call (its SQL, the commit's sync
    /// included) to the same moment.
    var fromWrite: Double

    /// Nanoseconds from `start` to `end`, never below zero.
    init(commit: UInt64, write: UInt64, delivered: UInt64) {
        fromCommit = delivered > commit ? Double(delivered - commit) : 0
        fromWrite = delivered > write ? Double(delivered - write) : 0
    }
}
