import NoticeHub

/// The state workloads' projection: clicks counted per page in one table,
/// as the library's documentation counts them. The observed value is the
/// count of one page, `home`, read by one query on the table's key.
struct BenchClicks: Projection {
    /// The name of the notices this projection applies; their payload is
    /// the page clicked.
    static let name: NoticeName = "page.clicked"
    /// The query every state workload reads, NoticeHub's and its anchors'.
    static let query = "SELECT count FROM clicks WHERE page = ?"

    let schema = ProjectionSchema(
        identity: "bench.clicks", version: 1, tables: ["clicks"],
        migrations: [
            ProjectionMigration(
                1, "clicks", sql: "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)")
        ])
    let names: Set<NoticeName> = [name]

    func apply(_ notice: Notice, to store: any ProjectionStore) throws {
        _ = try store.execute(
            "INSERT INTO clicks (page, count) VALUES (?, 1) ON CONFLICT (page) DO UPDATE SET count = count + 1",
            [.text(try notice.decode(String.self))])
    }

    /// The value observed: the clicks on `home`, 0 before the first.
    static let home: @Sendable (any ProjectionStore) throws -> Int64 = { store in
        try store.integer(query, [.text("home")]) ?? 0
    }
}
