@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing

/// Keys shared across processes and releases are FNV-1a 64 (``StableKey``
/// version 1). The expected values are the published test vectors and the
/// hash of each key's text computed apart from this code: a change to the
/// hash fails here before two releases could disagree on a lock.
struct StableKeyTests {
    @Test func theHashIsFNV1a64() {
        #expect(StableKey.version == 1)
        #expect(StableKey.hash("") == 0xcbf2_9ce4_8422_2325)
        #expect(StableKey.hash("a") == 0xaf63_dc4c_8601_ec8c)
        #expect(StableKey.hash("foobar") == 0x8594_4171_f739_67e8)
        #expect(StableKey.lockKey("a") == -5_808_556_873_153_909_620, "the same bits, signed")
    }

    @Test func aSQLiteJournalsSubscriberLockSitsAtAFixedOffset() {
        #expect(SubscriberLock.offset(of: "indexer") == 2_004_881_539_664_763_592)
    }
}
