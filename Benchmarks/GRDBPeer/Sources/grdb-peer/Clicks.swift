import NoticeHub

/// The table, the write and the query both libraries are measured on: clicks
/// counted per page, the value observed being the clicks on `home`. For
/// NoticeHub it is a projection's table, written by applying each posted
/// click; for GRDB the same table, written by the same upsert.
struct Clicks: Projection {
    static let createTable = "CREATE TABLE clicks (page TEXT PRIMARY KEY, count INTEGER NOT NULL)"
    static let upsert =
        "INSERT INTO clicks (page, count) VALUES (?, 1) ON CONFLICT (page) DO UPDATE SET count = count + 1"
    static let query = "SELECT count FROM clicks WHERE page = ?"
    /// The notices NoticeHub applies; their payload is the page clicked.
    static let name: NoticeName = "page.clicked"

    let schema = ProjectionSchema(
        identity: "peer.clicks", version: 1, tables: ["clicks"],
        migrations: [ProjectionMigration(1, "clicks", sql: createTable)])
    let names: Set<NoticeName> = [name]

    func apply(_ notice: Notice, to store: any ProjectionStore) throws {
        _ = try store.execute(Self.upsert, [.text(try notice.decode(String.self))])
    }

    /// NoticeHub's read of the value.
    static let home: @Sendable (any ProjectionStore) throws -> Int64 = { store in
        try store.integer(query, [.text("home")]) ?? 0
    }
}
