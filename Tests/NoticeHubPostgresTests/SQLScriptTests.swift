import Foundation
import NoticeHub
@testable import NoticeHubPostgres
import Testing

/// What the PostgreSQL journal does to SQL text before it sends it.
struct SQLScriptTests {
    @Test func statementsSplitOutsideQuotesDollarBodiesAndComments() {
        let script = """
            -- a comment; not a statement
            CREATE TABLE "a;b" (x text DEFAULT 'c;d');
            CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $body$ BEGIN RETURN 1; END $body$;
            SELECT $$;$$;
            """
        #expect(
            SQLScript.statements(script).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == [
                "-- a comment; not a statement\nCREATE TABLE \"a;b\" (x text DEFAULT 'c;d')",
                "CREATE FUNCTION f() RETURNS int LANGUAGE plpgsql AS $body$ BEGIN RETURN 1; END $body$",
                "SELECT $$;$$",
            ])
    }

    @Test func placeholdersAreNumberedOutsideQuotesAndComments() {
        #expect(
            SQLScript.numberingPlaceholders(
                "SELECT '?', \"?\" FROM t WHERE a = ? AND b = ? -- ?\nAND c = ?")
                == "SELECT '?', \"?\" FROM t WHERE a = $1 AND b = $2 -- ?\nAND c = $3")
    }

    @Test func theMigrationsSplitIntoTheirStatements() {
        let statements = PostgresSchema.embedded.flatMap { SQLScript.statements($0.sql) }
        #expect(statements.contains { $0.contains("CREATE FUNCTION noticehub_append") && $0.contains("END\n$$") })
        #expect(
            statements.count == 37,
            """
            6 in 0001_journal, 5 in 0003_conversations, 3 in 0004_projections, 3 in 0005_payload_versions, \
            5 in 0006_journal_counts, 1 in 0007_projection_snapshots, 3 in 0008_notice_metadata, \
            1 in 0009_append_and_commit, 3 in 0010_append_and_announce, 2 in 0011_name_retention, \
            1 in 0012_parked_notices, 1 in 0013_subscriber_resets, 2 in 0014_subscriber_groups, \
            1 in 0015_erased_sequences
            """)
        #expect(
            statements.last { $0.contains("CREATE PROCEDURE") }?.contains(
                "CREATE PROCEDURE noticehub_append_and_announce") == true)
        #expect(
            statements.last { $0.contains("CREATE FUNCTION noticehub_append") }?.contains(
                "kinds text[], conversations uuid[], causes uuid[], versions integer[], metadatas text[]")
                == true)
    }
}
