public import NoticeHub
import Synchronization

/// A search submitted in the search bar.
public struct SearchSubmitted: NoticeMessage {
    public static let name: NoticeName = "search.submitted"
    public var term: String

    public init(term: String) {
        self.term = term
    }
}

/// The search bar: posts what the user searches for, knowing nothing of the
/// history.
public struct SearchInput: Sendable {
    let hub: NoticeHub

    public init(hub: NoticeHub) {
        self.hub = hub
    }

    /// The "search" button; an empty field searches nothing.
    public func search(_ text: String) throws {
        guard !text.isEmpty else { return }
        try hub.post(SearchSubmitted(term: text), sender: "search.bar")
    }
}

/// The recent terms, most recent first, each once, at most `capacity`: what
/// the journal says was searched, so they survive a restart.
public final class SearchHistoryRepository: Sendable {
    public let capacity: Int
    private let recent: Mutex<[String]>

    /// Loads the recent terms from `hub`'s journal, if it has one.
    public init(hub: NoticeHub, capacity: Int = 10) throws {
        self.capacity = capacity
        var all: [String] = []
        // An in-memory hub has no journal to read (`lastSequence` throws).
        if (try? hub.journal.lastSequence()) != nil {
            try hub.journal.read(JournalQuery(names: [SearchSubmitted.name])) { notice in
                all.append(try notice.decode(SearchSubmitted.self).term)
                return true
            }
        }
        var recent: [String] = []
        for term in all { Self.record(term, in: &recent, capacity: capacity) }
        self.recent = Mutex(recent)
    }

    /// The terms, most recent first.
    public var terms: [String] { recent.withLock { $0 } }

    /// Puts `term` first, dropping an earlier search of it and the oldest
    /// beyond the capacity.
    public func record(_ term: String) {
        recent.withLock { Self.record(term, in: &$0, capacity: capacity) }
    }

    private static func record(_ term: String, in recent: inout [String], capacity: Int) {
        recent.removeAll { $0 == term }
        recent.insert(term, at: 0)
        if recent.count > capacity { recent.removeLast(recent.count - capacity) }
    }
}

/// Shows the history it is handed.
public struct SearchHistoryView: Sendable {
    let output: DemoOutput

    public init(output: @escaping DemoOutput) {
        self.output = output
    }

    public func show(_ terms: [String]) {
        output("history: " + (terms.isEmpty ? "(empty)" : terms.joined(separator: ", ")))
    }
}

/// The mediator: a submitted search goes to the repository, and the view is
/// refreshed from it. The input, the view and the repository know nothing of
/// each other.
public final class SearchHistoryMediator: Sendable {
    private let repository: SearchHistoryRepository
    private let view: SearchHistoryView

    public init(hub: NoticeHub, repository: SearchHistoryRepository, view: SearchHistoryView) {
        self.repository = repository
        self.view = view
        view.show(repository.terms)
        _ = hub.observe(SearchSubmitted.name, owner: self) { [weak self] notice in
            guard let mediator = self else { return }
            guard let submitted = try? notice.decode(SearchSubmitted.self) else { return }
            mediator.repository.record(submitted.term)
            mediator.view.show(mediator.repository.terms)
        }
    }
}

/// The search-history scenario: a few searches through the bar, each
/// followed by the history the view shows. On a journaled hub, a second run
/// starts from the first run's terms.
public enum SearchHistoryDemo {
    /// What the scenario searches for, in order (one search is empty).
    public static let searches = ["swift", "sqlite", "", "mediator", "swift"]

    public static func run(on hub: NoticeHub = NoticeHub(), output: @escaping DemoOutput) throws {
        let mediator = SearchHistoryMediator(
            hub: hub, repository: try SearchHistoryRepository(hub: hub), view: SearchHistoryView(output: output))
        let input = SearchInput(hub: hub)
        for term in searches {
            output("search: " + (term.isEmpty ? "(nothing)" : term))
            try input.search(term)
        }
        withExtendedLifetime(mediator) {}
    }
}
