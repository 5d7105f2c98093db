import Foundation
import NoticeHub
import Testing

/// Projection state across a trim: the journal keeps each projection's state
/// as of the trim to start from, rebuilds and checks start there, a
/// journal's tail imports into an empty journal on top of it, and an archive
/// with the rest of the journal restores the whole history.
struct SnapshotChecks {
    /// A library's shelf: books (integers, text, reals and nulls) and who
    /// has each on loan. Lending a book the shelf lacks is refused, so the
    /// loans of a journal's tail need the books of its head.
    struct Shelf: Projection {
        var version = 1

        var schema: ProjectionSchema {
            ProjectionSchema(
                identity: "test.shelf", version: version, tables: ["books", "loans"], migrations: [Self.shelfTables])
        }

        /// The books and loans tables.
        static let shelfTables = ProjectionMigration(
            1, "shelf",
            [
                .sqlite: """
                CREATE TABLE books (id INTEGER PRIMARY KEY, title TEXT NOT NULL, price REAL, note TEXT);
                CREATE TABLE loans (
                    book INTEGER NOT NULL REFERENCES books (id), reader TEXT NOT NULL,
                    PRIMARY KEY (book, reader))
                """,
                .postgresql: """
                CREATE TABLE books (
                    id bigint PRIMARY KEY, title text NOT NULL, price double precision, note text);
                CREATE TABLE loans (
                    book bigint NOT NULL REFERENCES books (id), reader text NOT NULL,
                    PRIMARY KEY (book, reader))
                """,
            ])

        let names: Set<NoticeName> = ["book.added", "book.lent"]

        struct Book: Codable {
            var id: Int64
            var title: String
            var price: Double?
        }

        struct Loan: Codable {
            var book: Int64
            var reader: String
        }

        func apply(_ notice: Notice, to store: any ProjectionStore) throws {
            if notice.name == "book.added" {
                let book = try notice.decode(Book.self)
                try store.execute(
                    "INSERT INTO books (id, title, price) VALUES (?, ?, ?)",
                    [.integer(book.id), .text(book.title), book.price.map { .real($0) } ?? .null])
            } else {
                let loan = try notice.decode(Loan.self)
                guard try store.integer("SELECT count(*) FROM books WHERE id = ?", [.integer(loan.book)]) == 1 else {
                    throw ProjectionRejection("book \(loan.book) is not on the shelf")
                }
                try store.execute(
                    "INSERT INTO loans (book, reader) VALUES (?, ?)", [.integer(loan.book), .text(loan.reader)])
            }
        }
    }

    /// Eight notices: three books, four loans and an unrelated notice.
    static func shelf(in place: JournalPlace) throws -> NoticeHub {
        let hub = try place.hub(projections: [Shelf()])
        try hub.post("book.added", payload: Shelf.Book(id: 1, title: "Dubliners", price: 9.5))
        try hub.post("book.added", payload: Shelf.Book(id: 2, title: "It's \"Ulysses\"", price: nil))
        try hub.post("book.lent", payload: Shelf.Loan(book: 1, reader: "ana"))
        try hub.post("other")
        try hub.post("book.lent", payload: Shelf.Loan(book: 2, reader: "bo"))
        try hub.post("book.added", payload: Shelf.Book(id: 3, title: "Finnegans Wake", price: 12))
        try hub.post("book.lent", payload: Shelf.Loan(book: 1, reader: "cy"))
        try hub.post("book.lent", payload: Shelf.Loan(book: 3, reader: "ana"))
        return hub
    }

    /// The projection's rows now, as a snapshot of no particular sequence.
    static func state(_ hub: NoticeHub) throws -> ProjectionSnapshot {
        let books = try hub.journal.readState { store in
            var rows: [[SQLValue]] = []
            try store.rows("SELECT id, title, price, note FROM books", []) { rows.append($0) }
            return rows
        }
        let loans = try hub.journal.readState { store in
            var rows: [[SQLValue]] = []
            try store.rows("SELECT book, reader FROM loans", []) { rows.append($0) }
            return rows
        }
        return ProjectionSnapshot(
            identity: "test.shelf", version: 1, schemaVersion: 1, through: 0,
            tables: [
                ProjectionTableState(name: "books", columns: ["id", "title", "price", "note"], rows: books),
                ProjectionTableState(name: "loans", columns: ["book", "reader"], rows: loans),
            ])
    }

    /// What `noticectl export` writes from `from` on: the state before it,
    /// then the notices.
    static func exportLines(_ hub: NoticeHub, states: [ProjectionSnapshot], from: Int64) throws -> [String] {
        var lines = states.flatMap(StateLine.encode)
        try hub.journal.read(JournalQuery(from: from)) {
            lines.append(try NoticeLine.encode($0))
            return true
        }
        return lines
    }

    func aTrimKeepsTheStateTheJournalStartsFromAndRebuildsStartThere(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try Self.shelf(in: place)
        let asOfFive = try #require(hub.journal.projectionStates(asOf: 5).first)
        let current = try Self.state(hub)
        #expect(asOfFive.through == 5)
        #expect(asOfFive.tables.map(\.name) == ["books", "loans"])
        #expect(
            asOfFive.tables[0].rows == [
                [.integer(1), .text("Dubliners"), .real(9.5), .null],
                [.integer(2), .text("It's \"Ulysses\""), .null, .null],
            ])
        #expect(asOfFive.tables[1].rows == [[.integer(1), .text("ana")], [.integer(2), .text("bo")]])
        #expect(try Self.state(hub) == current, "computing a past state changes nothing")

        // A hub that does not carry the projection cannot keep its state.
        let stranger = try place.hub()
        #expect(throws: JournalError.self) { try stranger.journal.trim(through: 5) }
        #expect(try hub.journal.firstRetainedSequence() == 1)

        #expect(try hub.journal.trim(through: 5).removed == 5)
        let start = try #require(hub.journal.startingState().first)
        #expect(start.through == 5 && start.firstDifferingTable(from: asOfFive) == nil)
        #expect(try hub.journal.rebuildProjection("test.shelf").replayed == 3)
        #expect(try Self.state(hub).firstDifferingTable(from: current) == nil)
        #expect(try hub.journal.projectionDifferences(Shelf()) == [])
        #expect(try hub.journal.projectionStates(asOf: 6).first?.tables[0].rows.count == 3)
        #expect(throws: JournalError.trimmed(from: 4, firstRetained: 6)) { try hub.journal.projectionStates(asOf: 3) }

        // Left behind, the projection keeps its state and cannot be rebuilt.
        try stranger.journal.trim(through: 7, leavingProjectionsBehind: true)
        #expect(try hub.journal.startingState() == [])
        #expect(throws: JournalError.trimmed(from: 1, firstRetained: 8)) {
            try hub.journal.rebuildProjection("test.shelf")
        }
        #expect(try Self.state(hub).firstDifferingTable(from: current) == nil)
    }

    func aJournalsTailImportsIntoAnEmptyJournalOnTheStateItStartsFrom(backend: ConformanceBackend) throws {
        let sourcePlace = try backend.makePlace()
        let source = try Self.shelf(in: sourcePlace)
        let expected = try Self.state(source)
        try source.journal.trim(through: 4)
        let tail = try Self.exportLines(source, states: try source.journal.startingState(), from: 5)

        // Without the state it starts from, the tail's first loan is refused.
        let barePlace = try backend.makePlace()
        let bare = try barePlace.hub(projections: [Shelf()])
        let withoutState = tail.filter { !$0.hasPrefix("{\"state\"") && !$0.hasPrefix("{\"row\"") }
        #expect(throws: ImportError.self) { try bare.journal.importNotices(withoutState) }
        #expect(try bare.journal.lastSequence() == 0)

        let place = try backend.makePlace()
        let carved = try place.hub(projections: [Shelf()])
        let summary = try carved.journal.importNotices(tail)
        #expect(summary == ImportSummary(notices: 4, imported: 4, statesLoaded: 1))
        #expect(try Self.state(carved).firstDifferingTable(from: expected) == nil)
        #expect(try carved.journal.startingState().first?.through == 0)
        #expect(try carved.journal.rebuildProjection("test.shelf").replayed == 4)
        #expect(try Self.state(carved).firstDifferingTable(from: expected) == nil)

        // Run again, it finds everything present; into another journal, the
        // state it starts from disagrees and nothing is imported.
        #expect(
            try carved.journal.importNotices(tail) == ImportSummary(notices: 4, alreadyPresent: 4, statesChecked: 1))
        let otherPlace = try backend.makePlace()
        let other = try otherPlace.hub(projections: [Shelf()])
        try other.post("book.added", payload: Shelf.Book(id: 1, title: "Dubliners", price: 9.5))
        #expect(throws: ImportError.self) { try other.journal.importNotices(tail) }
        #expect(try other.journal.lastSequence() == 1)
    }

    func anArchiveAndTheRestRestoreTheWholeHistory(backend: ConformanceBackend) throws {
        let sourcePlace = try backend.makePlace()
        let source = try Self.shelf(in: sourcePlace)
        let expected = try Self.state(source)
        let ending = try source.journal.projectionStates(asOf: 4)
        var archive = [StateLine.archiveHeader(from: 1, through: 4, projections: ["test.shelf"])]
        archive += try Self.exportLines(source, states: [], from: 1).prefix(4)
        archive += ending.flatMap(StateLine.encode) + [StateLine.archiveEnd(notices: 4)]
        try source.journal.trim(through: 4)
        let rest = try Self.exportLines(source, states: try source.journal.startingState(), from: 5)

        // Cut short or miscounted, an archive imports nothing.
        let restoringPlace = try backend.makePlace()
        let restoring = try restoringPlace.hub(projections: [Shelf()])
        #expect(throws: ImportError.self) { try restoring.journal.importNotices(archive.dropLast()) }
        #expect(throws: ImportError.self) {
            try restoring.journal.importNotices(archive.dropLast() + [StateLine.archiveEnd(notices: 5)])
        }
        #expect(try restoring.journal.lastSequence() == 0)

        #expect(
            try restoring.journal.importNotices(archive) == ImportSummary(notices: 4, imported: 4, statesChecked: 1))
        #expect(try restoring.journal.importNotices(rest) == ImportSummary(notices: 4, imported: 4, statesChecked: 1))
        #expect(try restoring.journal.lastSequence() == 8)
        #expect(try Self.state(restoring).firstDifferingTable(from: expected) == nil)
        #expect(try restoring.journal.projectionDifferences(Shelf()) == [])
    }
}
