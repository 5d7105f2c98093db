import NoticeDemos
import Testing

/// The date planner: a choice in one search narrows the other two around
/// it, a reset restores the defaults, and a completed plan is announced once.
struct DatePlannerTests {
    static func planner() async -> (DatePlanner, Printed) {
        let printed = Printed()
        let planner = DatePlanner { printed($0) }
        await planner.start(at: Location(east: 0, north: 0))
        return (planner, printed)
    }

    @Test func everySearchStartsAroundTheUserBestMatchedFirst() async {
        let (planner, _) = await Self.planner()
        for category in VenueCategory.allCases {
            let search = planner.search(category)
            #expect(search.limit == SearchColleague.defaultLimit && search.order == .bestMatched)
            #expect(!search.results.isEmpty && search.results.allSatisfy { $0.category == category })
            #expect(search.results.map(\.rating) == search.results.map(\.rating).sorted(by: >))
        }
    }

    @Test func aChoiceNarrowsTheOtherSearchesAroundIt() async {
        let (planner, _) = await Self.planner()
        let restaurants = planner.search(.restaurant)
        let chosen = restaurants.results[1]
        await planner.select(chosen, in: restaurants)
        #expect(restaurants.selected == chosen && restaurants.limit == SearchColleague.defaultLimit)
        for category in [VenueCategory.bar, .cinema] {
            let search = planner.search(category)
            #expect(search.centre == chosen.location)
            #expect(search.limit == SearchColleague.defaultLimit / 2 && search.order == .distance)
            let distances = search.results.map { $0.location.distance(to: chosen.location) }
            #expect(distances == distances.sorted(), "\(category): nearest first")
            #expect(search.results.count <= search.limit)
        }

        let bars = planner.search(.bar)
        await planner.select(bars.results[0], in: bars)
        #expect(planner.search(.cinema).limit == SearchColleague.defaultLimit / 4)
        #expect(planner.search(.cinema).results.count <= SearchColleague.defaultLimit / 4, "fewer results")
        #expect(planner.search(.restaurant).limit == SearchColleague.defaultLimit / 2)
        #expect(planner.search(.restaurant).selected == chosen, "a search with a choice does not search again")
    }

    @Test func theCompletedPlanIsAnnouncedOnce() async {
        let (planner, printed) = await Self.planner()
        #expect(planner.plan == nil)
        for category in [VenueCategory.cinema, .restaurant, .bar] {
            let search = planner.search(category)
            await planner.select(search.results[0], in: search)
        }
        let plan = planner.plan
        #expect(plan?.count == 3 && planner.completions == 1)
        #expect(printed.lines.filter { $0.hasPrefix("date planned: ") }.count == 1)
        let cinema = planner.search(.cinema)
        await planner.select(cinema.results.last!, in: cinema)
        #expect(planner.completions == 1 && planner.plan == plan, "a new choice after completion announces nothing")
    }

    @Test func aResetRestoresEverySearchsDefaults() async {
        let (planner, _) = await Self.planner()
        let before = VenueCategory.allCases.map { planner.search($0).results }
        let restaurants = planner.search(.restaurant)
        await planner.select(restaurants.results[0], in: restaurants)
        await planner.reset()
        #expect(planner.plan == nil)
        for (index, category) in VenueCategory.allCases.enumerated() {
            let search = planner.search(category)
            #expect(
                search.selected == nil && search.limit == SearchColleague.defaultLimit && search.order == .bestMatched)
            #expect(search.results == before[index])
        }
    }
}
