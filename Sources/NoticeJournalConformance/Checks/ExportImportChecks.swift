import Foundation
import NoticeHub
import Testing

/// Export lines import again into any backend, byte for byte, and an
/// import is all or nothing.
struct ExportImportChecks {
    func exportsOfOneBackendImportIntoAnother(from source: ConformanceBackend, into target: ConformanceBackend) throws {
        let sourcePlace = try source.makePlace()
        let hub = try sourcePlace.hub()
        try hub.post(
            "news.liked", sender: "feed", json: #"{"newsID":1,"user":"al\"ice","nested":{"z":1,"a":[true,null]}}"#)
        try hub.post("plain")
        try hub.post("big.number", json: "123456789012345678901234567890")
        var lines: [String] = []
        try hub.journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }

        let targetPlace = try target.makePlace()
        let imported = try targetPlace.hub()
        #expect(try imported.journal.importNotices(lines) == ImportSummary(notices: 3, imported: 3, alreadyPresent: 0))
        #expect(try imported.journal.importNotices(lines) == ImportSummary(notices: 3, imported: 0, alreadyPresent: 3))
        var again: [String] = []
        var query = JournalQuery()
        query.checksRows = true
        try targetPlace.hub().journal.read(query) {
            again.append(try NoticeLine.encode($0)); return true
        }
        #expect(again == lines)
    }

    /// Kinds, conversations and causes travel in export lines too.
    func exportsKeepKindsConversationsAndCauses(from source: ConformanceBackend, into target: ConformanceBackend) throws
    {
        let sourcePlace = try source.makePlace()
        let hub = try sourcePlace.hub()
        let exchange = ConversationChecks.exchange()
        for notice in exchange { _ = try hub.post(notice) }
        var lines: [String] = []
        try hub.journal.read(JournalQuery()) {
            lines.append(try NoticeLine.encode($0)); return true
        }
        #expect(lines.count == exchange.count, "an export reads every kind")

        let targetPlace = try target.makePlace()
        #expect(
            try targetPlace.hub().journal.importNotices(lines)
                == ImportSummary(notices: 5, imported: 5, alreadyPresent: 0))
        var query = JournalQuery()
        query.checksRows = true
        let imported = try ConversationChecks.read(targetPlace, query)
        typealias Links = ConversationChecks.Links
        #expect(imported.map(Links.init) == exchange.map(Links.init))
        #expect(try imported.map { try NoticeLine.encode($0) } == lines)
    }

    func aBadLineImportsNothing(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        try hub.post("before")
        #expect(throws: (any Error).self) {
            try hub.journal.importNotices([#"{"name":"ok"}"#, "garbage", #"{"name":"after"}"#])
        }
        #expect(try hub.journal.lastSequence() == 1)
        try hub.post("after")
        #expect(try hub.journal.lastSequence() == 2, "the journal goes on without a gap")
    }

    /// Two journal objects importing the same notices at once, one line at
    /// a time: each notice lands once, and neither import mistakes the
    /// other's notice for a repeat within its own input.
    func concurrentImportsOfTheSameNoticesStoreEachOnce(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let lines = (1...200).map { index in
            String(format: #"{"id":"00000000-0000-4000-8000-%012x","name":"same","payload":%d}"#, index, index)
        }
        let hubs = [try place.hub(), try place.hub()]
        let failures = Collected<String>()
        let imported = Collected<Int>()
        SystemThread.runAll(hubs.count, name: "conformance importer") { index in
            for line in lines {
                do {
                    imported.append(try hubs[index].journal.importNotices([line]).imported)
                } catch {
                    failures.append("\(error)")
                }
            }
        }
        #expect(failures.elements == [])
        #expect(imported.elements.reduce(0, +) == 200)
        #expect(try hubs[0].journal.statistics().notices == 200)
    }
}
