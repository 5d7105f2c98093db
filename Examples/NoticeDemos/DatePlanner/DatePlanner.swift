public import NoticeHub

/// The date planner's mediator: a restaurant, a bar and a cinema search,
/// which know nothing of each other. Choosing a venue in one makes the
/// other two search again around it; once all three have a choice, the
/// planner announces the completed plan, once.
public final class DatePlanner: Mediator<SearchColleague> {
    /// The completed plan, by category; nil until all three have a choice.
    public private(set) var plan: [VenueCategory: Venue]?
    /// How many times a completed plan was announced.
    public private(set) var completions = 0
    private let output: DemoOutput

    public init(catalogue: VenueCatalogue = .town, output: @escaping DemoOutput) {
        self.output = output
        super.init()
        for category in VenueCategory.allCases {
            addColleague(SearchColleague(category: category, catalogue: catalogue))
        }
    }

    /// The search for `category`.
    public func search(_ category: VenueCategory) -> SearchColleague {
        colleagues.first { $0.category == category }!
    }

    /// Every search looks around the user at `location`.
    public func start(at location: Location) async {
        invokeColleagues { $0.update(userLocation: location) }
        await searchAgain(except: nil)
    }

    /// The user chose `venue` from `colleague`'s results: the others search
    /// again around it.
    public func select(_ venue: Venue, in colleague: SearchColleague) async {
        colleague.select(venue)
        output("chose \(venue.category.rawValue): \(venue.name) at \(venue.location)")
        invokeColleagues(by: colleague) { $0.fellowColleague(didSelect: venue) }
        await searchAgain(except: colleague)
        announceIfComplete()
    }

    /// Every search back to its defaults, and searching again.
    public func reset() async {
        output("reset")
        plan = nil
        invokeColleagues { $0.reset() }
        await searchAgain(except: nil)
    }

    private func searchAgain(except initiator: SearchColleague?) async {
        for colleague in colleagues where colleague !== initiator {
            guard await colleague.performSearch(), let centre = colleague.centre else { continue }
            let order = colleague.order == .distance ? "nearest first" : "best matched first"
            let names = colleague.results.prefix(3).map(\.name).joined(separator: ", ")
            output(
                "\(colleague.category.rawValue) search around \(centre), at most \(colleague.limit), "
                    + "\(order): \(colleague.results.count) found: \(names)")
        }
    }

    private func announceIfComplete() {
        var chosen: [VenueCategory: Venue] = [:]
        for colleague in colleagues {
            guard let venue = colleague.selected else { return }
            chosen[colleague.category] = venue
        }
        guard plan == nil else { return }
        plan = chosen
        completions += 1
        let stops = VenueCategory.allCases.map { "\($0.rawValue) \(chosen[$0]!.name)" }
        output("date planned: " + stops.joined(separator: ", "))
    }
}

/// The date-planner scenario: search around the town centre, choose the
/// best restaurant, then the nearest bar to it, then the nearest cinema to
/// that, and reset.
public enum DatePlannerDemo {
    public static func run(catalogue: VenueCatalogue = .town, output: @escaping DemoOutput) async {
        let planner = DatePlanner(catalogue: catalogue, output: output)
        await planner.start(at: Location(east: 0, north: 0))
        for category in [VenueCategory.restaurant, .bar, .cinema] {
            let search = planner.search(category)
            guard let first = search.results.first else { continue }
            await planner.select(first, in: search)
        }
        await planner.reset()
    }
}
