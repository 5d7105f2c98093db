/// One of the date planner's searches: it finds venues of its category
/// around the user, and once a fellow colleague has selected a venue,
/// around that venue instead, fewer of them, nearest first.
public final class SearchColleague {
    /// How many venues a search asks for before any narrowing.
    public static let defaultLimit = 20

    public let category: VenueCategory
    /// The venue the user chose from this search's results, if any.
    public private(set) var selected: Venue?
    /// What the last search found.
    public private(set) var results: [Venue] = []
    public private(set) var limit = SearchColleague.defaultLimit
    public private(set) var order = VenueOrder.bestMatched
    /// Where the search looks: a fellow colleague's selection, else the user.
    public var centre: Location? { fellowsChoice ?? userLocation }

    private var fellowsChoice: Location?
    private var userLocation: Location?
    private let catalogue: VenueCatalogue

    public init(category: VenueCategory, catalogue: VenueCatalogue) {
        self.category = category
        self.catalogue = catalogue
    }

    func update(userLocation: Location) {
        self.userLocation = userLocation
    }

    /// Another search's venue was chosen: look around it, for half as many
    /// venues as before, nearest first.
    func fellowColleague(didSelect venue: Venue) {
        fellowsChoice = venue.location
        limit /= 2
        order = .distance
    }

    /// Back to the defaults, with nothing selected.
    func reset() {
        fellowsChoice = nil
        limit = Self.defaultLimit
        order = .bestMatched
        selected = nil
    }

    func select(_ venue: Venue) {
        selected = venue
    }

    /// Searches with the current settings, unless a venue is already chosen
    /// or there is nowhere to look; true when it searched.
    func performSearch() async -> Bool {
        guard selected == nil, let centre else { return false }
        results = await catalogue.search(category, around: centre, limit: limit, order: order)
        return true
    }
}
