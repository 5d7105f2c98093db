import NoticeHub
import Testing

/// Snapshots compare by the rows they hold, whatever order the rows come in.
struct ProjectionSnapshotTests {
    static func snapshot(_ rows: [[SQLValue]], through: Int64 = 4) -> ProjectionSnapshot {
        ProjectionSnapshot(
            identity: "shop.stock", version: 1, schemaVersion: 1, through: through,
            tables: [ProjectionTableState(name: "stock", columns: ["item", "quantity"], rows: rows)])
    }

    @Test func rowsAreSortedNullsThenNumbersThenText() {
        let table = ProjectionTableState(
            name: "t", columns: ["a"], rows: [["pears"], [.real(2.5)], [.null], [2], ["apples"], [-1]])
        let sorted: [[SQLValue]] = [[.null], [-1], [2], [.real(2.5)], ["apples"], ["pears"]]
        #expect(table.rows == sorted)
    }

    @Test func theSameRowsInAnotherOrderAgree() {
        let stored = Self.snapshot([["apples", 7], ["pears", 4]])
        var read = Self.snapshot([], through: 0)
        read.tables[0].rows = [["pears", 4], ["apples", 7]]
        #expect(stored.firstDifferingTable(from: read) == nil)

        read.tables[0].rows.append(["plums", 1])
        #expect(stored.firstDifferingTable(from: read) == "stock")
        var other = stored
        other.tables[0].name = "stock2"
        #expect(stored.firstDifferingTable(from: other) == "stock")
        #expect(Self.snapshot([]).firstDifferingTable(from: Self.snapshot([])) == nil)
    }

    @Test func stateLinesNameTheirProjection() {
        let lines = StateLine.encode(Self.snapshot([["apples", 7]]))
        #expect(
            lines == [
                #"{"state":"shop.stock","version":1,"schemaVersion":1,"through":4,"table":"stock","columns":["item","quantity"]}"#,
                #"{"row":["apples",7]}"#,
            ])
        #expect(StateLine.projections(namedBy: lines[0]) == ["shop.stock"])
        #expect(StateLine.projections(namedBy: lines[1]) == [])
        #expect(StateLine.projections(namedBy: #"{"name":"page.clicked"}"#) == nil)
        #expect(StateLine.projections(namedBy: #" { "state": 1 }"#) == nil, "a malformed state line is no state")
    }
}
