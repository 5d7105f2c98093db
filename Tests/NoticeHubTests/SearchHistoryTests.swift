import Foundation
import NoticeHub
import Synchronization
import Testing
import TestSupport

/// Document 002's search history: a mediator wires the search input, the
/// history view and the repository without them knowing each other; the
/// repository is the journal, so the terms survive a restart. Most recent
/// first, de-duplicated, capped.
struct SearchHistoryTests {
    struct Submitted: NoticeMessage {
        static let name: NoticeName = "search.submitted"
        var term: String
    }

    /// The repository: history is what the journal says was searched.
    struct JournalHistory {
        let hub: NoticeHub
        let cap: Int

        var terms: [String] {
            get throws {
                var all: [String] = []
                try hub.readJournal(JournalQuery(names: [Submitted.name])) { notice in
                    all.append(try notice.message(Submitted.self).term)
                    return true
                }
                var seen: Set<String> = []
                return Array(all.reversed().filter { seen.insert($0).inserted }.prefix(cap))
            }
        }
    }

    /// The view: shows whatever the mediator hands it.
    final class HistoryView: Sendable {
        let shown = Mutex<[String]>([])
    }

    /// The mediator: a submitted search goes to the repository (the journal),
    /// and the view is refreshed from it.
    final class SearchHistoryMediator: Sendable {
        let hub: NoticeHub
        let view: HistoryView
        let repository: JournalHistory

        init(hub: NoticeHub, view: HistoryView, cap: Int) throws {
            self.hub = hub
            self.view = view
            repository = JournalHistory(hub: hub, cap: cap)
            let terms = try repository.terms
            view.shown.locked { $0 = terms }
            hub.observe(Submitted.name, owner: self) { mediator, _ in
                let terms = (try? mediator.repository.terms) ?? []
                mediator.view.shown.locked { $0 = terms }
            }
        }

        /// The search bar's "search" button.
        func searchButtonClicked(_ text: String) throws {
            guard !text.isEmpty else { return }
            try hub.post(Submitted(term: text), sender: "searchBar")
        }
    }

    @Test func termsSurviveReopeningMostRecentFirstDeduplicatedCapped() throws {
        let directory = TemporaryDirectory()
        let path = directory.path("history.sqlite")
        do {
            let view = HistoryView()
            let mediator = try SearchHistoryMediator(hub: NoticeHub(journal: SQLiteJournal(path: path)), view: view, cap: 3)
            #expect(view.shown.locked { $0 }.isEmpty)
            for term in ["swift", "sqlite", "", "mediator", "swift", "replay"] {
                try mediator.searchButtonClicked(term)
            }
            #expect(view.shown.locked { $0 } == ["replay", "swift", "mediator"])
        }
        let view = HistoryView()
        let reopened = try SearchHistoryMediator(hub: NoticeHub(journal: SQLiteJournal(path: path)), view: view, cap: 3)
        #expect(view.shown.locked { $0 } == ["replay", "swift", "mediator"], "preserved across the restart")
        try reopened.searchButtonClicked("sqlite")
        #expect(view.shown.locked { $0 } == ["sqlite", "replay", "swift"])
    }
}
