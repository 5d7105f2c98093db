import Foundation

/// What `import` shows while it reads: the share of the file read, the rate
/// and an estimate of the time left; for standard input, whose size is not
/// known, the count and the rate.
///
/// `12% · 48,000 notices · 52,300/s · about 7 s left`
struct ImportProgress {
    /// The input's size in bytes; nil for standard input or a pipe.
    let totalBytes: Int64?
    private let started: ContinuousClock.Instant

    init(totalBytes: Int64?, started: ContinuousClock.Instant = .now) {
        self.totalBytes = totalBytes.flatMap { $0 > 0 ? $0 : nil }
        self.started = started
    }

    /// The status after `notices` notices and `bytesRead` bytes, at `now`.
    func status(notices: Int, bytesRead: Int64, at now: ContinuousClock.Instant = .now) -> String {
        let elapsed = started.duration(to: now).components
        let seconds = max(Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, 0.001)
        let rate = Double(notices) / seconds
        var parts = ["\(CountText.grouped(notices)) notices", "\(CountText.grouped(Int(rate)))/s"]
        if let totalBytes {
            let fraction = min(1, Double(bytesRead) / Double(totalBytes))
            parts.insert("\(Int(fraction * 100))%", at: 0)
            if fraction > 0 {
                let left = seconds * (1 - fraction) / fraction
                parts.append("about \(Self.duration(left)) left")
            }
        }
        return parts.joined(separator: " · ")
    }

    /// `7 s`, `3 min 20 s`
    static func duration(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        return whole < 60 ? "\(whole) s" : "\(whole / 60) min \(whole % 60) s"
    }
}
