import NoticeHub
import Testing

struct StorageFailureTests {
    @Test func failuresAreEqualByTheirMessages() {
        struct Underlying: Error {}
        #expect(StorageFailure("disk I/O error", underlying: Underlying()) == "disk I/O error")
        #expect(StorageFailure("disk I/O error") != "database is locked")
        #expect("\(JournalError.storage("disk I/O error"))" == "disk I/O error")
    }
}
