import Foundation
@testable import NoticeHub
import Testing

/// Export lines import again into any backend, byte for byte, and an
/// import is all or nothing.
struct ExportImportConformanceTests {
    @Test(arguments: Backend.all, Backend.all)
    func exportsOfOneBackendImportIntoAnother(from source: Backend, into target: Backend) throws {
        let sourcePlace = try source.makePlace()
        let hub = try sourcePlace.hub()
        try hub.post("news.liked", sender: "feed", json: #"{"newsID":1,"user":"al\"ice","nested":{"z":1,"a":[true,null]}}"#)
        try hub.post("plain")
        try hub.post("big.number", json: "123456789012345678901234567890")
        var lines: [String] = []
        try hub.readJournal(JournalQuery()) { lines.append(try NoticeLine.encode($0)); return true }

        let targetPlace = try target.makePlace()
        let imported = try targetPlace.hub()
        #expect(try imported.importNotices(lines) == ImportSummary(notices: 3, imported: 3, alreadyPresent: 0))
        #expect(try imported.importNotices(lines) == ImportSummary(notices: 3, imported: 0, alreadyPresent: 3))
        var again: [String] = []
        var query = JournalQuery()
        query.checksRows = true
        try targetPlace.hub().readJournal(query) { again.append(try NoticeLine.encode($0)); return true }
        #expect(again == lines)
    }

    @Test(arguments: Backend.all)
    func aBadLineImportsNothing(backend: Backend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        try hub.post("before")
        #expect(throws: (any Error).self) {
            try hub.importNotices([#"{"name":"ok"}"#, "garbage", #"{"name":"after"}"#])
        }
        #expect(try hub.lastSequence() == 1)
        try hub.post("after")
        #expect(try hub.lastSequence() == 2, "the journal goes on without a gap")
    }
}
