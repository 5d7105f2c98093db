import Foundation
@testable import NoticeHubCore
@testable import NoticeHubSQLite
import NoticeSQLite
import Testing
import TestSupport

/// How SQLite reads what a query asks for: a read over several names (a
/// replay of several colleagues' names, a pattern) goes in sequence order
/// and delivers its first notice at once, instead of sorting every match
/// first; a single name reads through the index on names, a conversation
/// through the index on conversations.
struct SQLiteReadPlanTests {
    /// The query plan of `query`'s statement on a new journal.
    private func plan(of query: JournalQuery) throws -> String {
        let directory = TemporaryDirectory()
        let path = directory.path("j.sqlite")
        _ = try SQLiteJournal(path: path)
        let connection = try SQLiteConnection(path: path)
        let statement = try connection.prepare("EXPLAIN QUERY PLAN " + SQLiteJournalConnection.readSQL(for: query))
        var lines: [String] = []
        while try statement.step() { lines.append(statement.string(at: 3) ?? "") }
        return lines.joined(separator: "; ")
    }

    @Test(arguments: [
        JournalQuery(from: 1, names: ["news.published", "news.liked", "news.unliked"]),
        JournalQuery(from: 1, names: ["news.*"]),
        JournalQuery(from: 1, names: ["news.liked", "user.*"]),
    ])
    func severalNamesAreReadInSequenceOrderWithoutASort(query: JournalQuery) throws {
        let plan = try plan(of: query)
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        #expect(!plan.contains("notices_by_name"), "\(plan)")
    }

    @Test func aSingleNameIsReadThroughItsIndex() throws {
        let plan = try plan(of: JournalQuery(from: 1, names: ["news.liked"]))
        #expect(plan.contains("notices_by_name"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test func aConversationIsReadThroughItsIndex() throws {
        let plan = try plan(of: JournalQuery(from: 1, conversation: NoticeID.next()))
        #expect(plan.contains("notices_by_conversation"), "\(plan)")
    }
}
