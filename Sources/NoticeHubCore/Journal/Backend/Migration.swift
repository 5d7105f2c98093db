/// One numbered schema change from `Migrations/<backend>/NNNN_name.sql`,
/// carried in the binary (see `scripts/embed-migrations`); a shipped
/// migration is never edited.
package struct Migration: Sendable, Equatable {
    package let version: Int
    package let name: String
    package let sql: String

    package init(version: Int, name: String, sql: String) {
        self.version = version
        self.name = name
        self.sql = sql
    }

}
