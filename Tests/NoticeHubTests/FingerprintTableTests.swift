@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing
import TestSupport

/// The registry's map agrees with `Dictionary` through any mix of inserts,
/// in-place updates and removals, colliding fingerprints included.
struct FingerprintTableTests {
    /// A key whose fingerprint the test chooses: few distinct fingerprints
    /// make long probe runs, which removal must keep reachable.
    struct Key: Fingerprinted, Hashable {
        let id: Int
        var fingerprint: Int { id % 7 &* 1_000_003 }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func everyOperationAgreesWithADictionary(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var table = FingerprintTable<Key, [Int]>()
        var model: [Key: [Int]] = [:]
        for step in 0..<20_000 {
            let key = Key(id: Int.random(in: 0..<60, using: &generator))
            switch Int.random(in: 0..<4, using: &generator) {
            case 0:
                table[key] = [step]
                model[key] = [step]
            case 1:
                table[key] = nil
                model[key] = nil
            case 2:
                table.update(key, default: [], removingWhen: { $0.isEmpty }) { $0.append(step) }
                model[key, default: []].append(step)
            default:
                table.update(key, default: [], removingWhen: { $0.isEmpty }) { _ = $0.popLast() }
                if model[key]?.popLast() != nil, model[key]!.isEmpty { model[key] = nil }
            }
            #expect(table[key] == model[key])
        }
        for id in 0..<60 {
            #expect(table[Key(id: id)] == model[Key(id: id)], "key \(id)")
        }
        #expect(table.count == model.count)
        #expect(table.allValues.map(\.count).reduce(0, +) == model.values.map(\.count).reduce(0, +))
    }
}
