/// The responders a request across processes was sent to, and which of them
/// have answered or died: replies name their responder, not its claim, so
/// claims are counted per responder.
///
/// A responder is settled once its replies number as many as its claims
/// that were alive when the request went out, or as many as are still alive:
/// a claim that dies without answering is not waited for.
struct AskedResponders: ReplyAccounting {
    /// Claims alive when the request went out, per responder.
    private let expected: [Sender: Int]
    /// The keys of those claims still alive, and their responders.
    private var live: [Int64: Sender]
    private var answered: [Sender: Int] = [:]

    /// How many claims were asked.
    let count: Int

    init(_ responders: [LiveResponder]) {
        expected = responders.reduce(into: [:]) { $0[$1.responder, default: 0] += 1 }
        live = Dictionary(responders.map { ($0.key, $0.responder) }, uniquingKeysWith: { first, _ in first })
        count = responders.count
    }

    /// Counts a reply from `responder`.
    mutating func answer(from responder: Sender) {
        answered[responder, default: 0] += 1
    }

    /// The keys whose claims may still die before answering.
    var keysToWatch: Set<Int64> {
        Set(live.compactMap { key, responder in isSettled(responder) ? nil : key })
    }

    /// Forgets the claims of `keys` that are not in `alive`.
    mutating func keep(_ alive: Set<Int64>, of keys: Set<Int64>) {
        for key in keys where !alive.contains(key) {
            live[key] = nil
        }
    }

    /// Whether every responder asked has answered or died.
    var allSettled: Bool {
        expected.keys.allSatisfy(isSettled)
    }

    private func isSettled(_ responder: Sender) -> Bool {
        let replies = answered[responder] ?? 0
        let alive = live.values.lazy.filter { $0 == responder }.count
        return replies >= min(expected[responder] ?? 0, alive)
    }
}
