import NoticeHub

/// One workload's outcome, as printed by `noticehub-bench`.
public struct BenchResult: Sendable, Equatable, Encodable {
    public var bench: String
    /// The median repetition, nanoseconds per operation.
    public var nsPerOp: Double
    /// The fastest repetition.
    public var nsPerOpMin: Double
    public var anchor: String?
    public var anchorNsPerOp: Double?
    /// Named extra figures (a second anchor, latencies, memory).
    public var extra: [(String, Double)] = []

    public init(bench: String, nsPerOp: Double, nsPerOpMin: Double, anchor: String? = nil, anchorNsPerOp: Double? = nil)
    {
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

    /// One JSON line: `{"bench":…,"ns_per_op":…,"ns_per_op_min":…,"anchor":…,"anchor_ns_per_op":…,"speedup":…}`,
    /// then the extra figures; a figure that is not finite is `null`.
    public var jsonLine: String {
        // The encoder only fails on values that are not finite, which
        // `encode(to:)` writes as null.
        (try? OrderedJSONEncoder().encode(self)) ?? "{}"
    }

    static func number(_ value: Double, digits: Int = 1) -> String {
        guard value.isFinite else { return "null" }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        return "\((value * scale).rounded() / scale)"
    }
}

extension BenchResult {
    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { nil }
    }

    /// Figures rounded as the table shows them, in a fixed order.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        func figure(_ value: Double, _ key: String, digits: Int = 1) throws {
            let rounded = Double(Self.number(value, digits: digits))
            if let rounded {
                try container.encode(rounded, forKey: Key(key))
            } else {
                try container.encodeNil(forKey: Key(key))
            }
        }
        try container.encode(bench, forKey: Key("bench"))
        try figure(nsPerOp, "ns_per_op")
        try figure(nsPerOpMin, "ns_per_op_min")
        if let anchor { try container.encode(anchor, forKey: Key("anchor")) }
        if let anchorNsPerOp { try figure(anchorNsPerOp, "anchor_ns_per_op") }
        if let speedup { try figure(speedup, "speedup", digits: 2) }
        for (key, value) in extra { try figure(value, key, digits: 2) }
    }
}
