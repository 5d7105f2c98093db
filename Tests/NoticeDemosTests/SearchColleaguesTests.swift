import NoticeHub
import Testing

/// Document 000's YetiDate: three search colleagues (restaurants, bars, movie
/// theaters). A selection in one narrows the others' searches; once all three
/// have selected, the client reports the completed date once.
struct SearchColleaguesTests {
    struct Business: Equatable {
        let name: String
        let distance: Int
    }

    final class SearchColleague {
        let category: String
        private(set) var selectedBusiness: Business?
        private(set) var queryLimit = 20
        private(set) var sortedByDistance = false
        private(set) var anchor: Business?
        private(set) var searches = 0
        unowned let client: SearchClient

        init(category: String, client: SearchClient) {
            self.category = category
            self.client = client
        }

        func fellowColleague(didSelect business: Business) {
            anchor = business
            queryLimit /= 2
            sortedByDistance = true
            performSearch()
        }

        func select(_ business: Business) {
            selectedBusiness = business
            client.searchColleague(self, didSelect: business)
        }

        func reset() {
            anchor = nil
            queryLimit = 20
            sortedByDistance = false
            selectedBusiness = nil
            performSearch()
        }

        private func performSearch() {
            guard selectedBusiness == nil else { return }
            searches += 1
        }
    }

    final class SearchClient: Mediator<SearchColleague> {
        var completed: [[String: Business]] = []

        func searchColleague(_ colleague: SearchColleague, didSelect business: Business) {
            invokeColleagues(by: colleague) { $0.fellowColleague(didSelect: business) }
            var selection: [String: Business] = [:]
            for colleague in colleagues {
                guard let business = colleague.selectedBusiness else { return }
                selection[colleague.category] = business
            }
            completed.append(selection)
        }
    }

    @Test func aSelectionNarrowsTheOthersAndCompletionIsSignalledOnce() {
        let client = SearchClient()
        let restaurant = SearchColleague(category: "restaurants", client: client)
        let bar = SearchColleague(category: "bars", client: client)
        let movies = SearchColleague(category: "movieTheaters", client: client)
        [restaurant, bar, movies].forEach { client.addColleague($0) }

        let dinner = Business(name: "Zuni", distance: 3)
        restaurant.select(dinner)
        #expect(restaurant.queryLimit == 20 && !restaurant.sortedByDistance, "the selector is not narrowed")
        #expect(bar.queryLimit == 10 && bar.sortedByDistance && bar.anchor == dinner)
        #expect(movies.queryLimit == 10 && movies.searches == 1)
        #expect(client.completed.isEmpty)

        bar.select(Business(name: "Smuggler's Cove", distance: 1))
        #expect(movies.queryLimit == 5 && movies.searches == 2)
        #expect(restaurant.searches == 0, "a colleague that has selected does not search again")
        #expect(client.completed.isEmpty)

        movies.select(Business(name: "Castro", distance: 2))
        #expect(client.completed.count == 1)
        #expect(client.completed.first?["bars"]?.name == "Smuggler's Cove")

        client.invokeColleagues { $0.reset() }
        #expect([restaurant, bar, movies].allSatisfy { $0.selectedBusiness == nil && $0.queryLimit == 20 })
    }
}
