/// One workload's outcome, as printed by `noticectl bench`.
public struct BenchResult: Sendable, Equatable {
    public var bench: String
    /// The median repetition, nanoseconds per operation.
    public var nsPerOp: Double
    /// The fastest repetition.
    public var nsPerOpMin: Double
    public var anchor: String?
    public var anchorNsPerOp: Double?
    /// Named extra figures (a second anchor, latencies, memory).
    public var extra: [(String, Double)] = []

    public init(bench: String, nsPerOp: Double, nsPerOpMin: Double, anchor: String? = nil, anchorNsPerOp: Double? = nil) {
        self.bench = bench
        self.nsPerOp = nsPerOp
        self.nsPerOpMin = nsPerOpMin
        self.anchor = anchor
        self.anchorNsPerOp = anchorNsPerOp
    }

    /// Anchor time over NoticeHub's: above 1 means NoticeHub is faster.
    public var speedup: Double? {
        anchorNsPerOp.map { $0 / nsPerOp }
    }

    public static func == (lhs: BenchResult, rhs: BenchResult) -> Bool {
        lhs.bench == rhs.bench && lhs.nsPerOp == rhs.nsPerOp && lhs.nsPerOpMin == rhs.nsPerOpMin
            && lhs.anchor == rhs.anchor && lhs.anchorNsPerOp == rhs.anchorNsPerOp
            && lhs.extra.map(\.0) == rhs.extra.map(\.0) && lhs.extra.map(\.1) == rhs.extra.map(\.1)
    }

    /// One JSON line: `{"bench":…,"ns_per_op":…,"ns_per_op_min":…,"anchor":…,"anchor_ns_per_op":…,"speedup":…}`.
    public var jsonLine: String {
        var fields = ["\"bench\":\"\(bench)\"", "\"ns_per_op\":\(Self.number(nsPerOp))", "\"ns_per_op_min\":\(Self.number(nsPerOpMin))"]
        if let anchor { fields.append("\"anchor\":\"\(anchor)\"") }
        if let anchorNsPerOp { fields.append("\"anchor_ns_per_op\":\(Self.number(anchorNsPerOp))") }
        if let speedup { fields.append("\"speedup\":\(Self.number(speedup, digits: 2))") }
        for (key, value) in extra { fields.append("\"\(key)\":\(Self.number(value, digits: 2))") }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func number(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return "\((value * scale).rounded() / scale)"
    }
}
