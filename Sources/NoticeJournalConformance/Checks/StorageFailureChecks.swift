import Foundation
import NoticeHub
import Testing

/// A storage error reaches the caller as ``JournalError/storage(_:)`` with a
/// one-line message and the backend's own error beside it.
struct StorageFailureChecks {
    func aStorageFailureCarriesTheBackendsError(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        try hub.post("before")
        // Behind the hub's back: the next append finds no table to write to.
        try place.runSQL("ALTER TABLE notices RENAME TO notices_elsewhere")
        do {
            try hub.post("after")
            Issue.record("the append succeeded without its table")
        } catch let error as JournalError where error.code == .storage {
            let failure = try #require(error.storageFailure)
            #expect(failure.underlying != nil, "\(failure)")
            #expect(!failure.message.isEmpty && !failure.message.contains("\n"), "\(failure.message)")
            #expect("\(JournalError.storage(failure))" == failure.message)
        }
        try? hub.close()
    }
}
