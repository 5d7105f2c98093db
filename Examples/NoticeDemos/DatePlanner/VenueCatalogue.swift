/// How a search orders what it finds.
public enum VenueOrder: Sendable, Equatable {
    /// Highest rating first.
    case bestMatched
    /// Nearest to the search's centre first.
    case distance
}

/// A small, fixed town of venues that stands in for a venue search service:
/// the same query always answers the same, and it answers asynchronously,
/// as a service over the network would.
public struct VenueCatalogue: Sendable {
    public let venues: [Venue]

    public init(venues: [Venue]) {
        self.venues = venues
    }

    /// Up to `limit` venues of `category`, ordered by `order` (ties by name).
    public func search(
        _ category: VenueCategory, around centre: Location, limit: Int, order: VenueOrder
    ) async -> [Venue] {
        await Task.yield() // answered later, not within the call
        let found = venues.filter { $0.category == category }.sorted { lhs, rhs in
            switch order {
            case .bestMatched where lhs.rating != rhs.rating:
                return lhs.rating > rhs.rating
            case .distance where lhs.location.distance(to: centre) != rhs.location.distance(to: centre):
                return lhs.location.distance(to: centre) < rhs.location.distance(to: centre)
            default:
                return lhs.name < rhs.name
            }
        }
        return Array(found.prefix(max(0, limit)))
    }

    /// Eight restaurants, eight bars and six cinemas around the centre.
    public static let town = VenueCatalogue(venues: [
        Venue(name: "Luigi's", category: .restaurant, location: Location(east: 1.2, north: -0.4), rating: 4.7),
        Venue(name: "The Blue Door", category: .restaurant, location: Location(east: -2.5, north: 1.0), rating: 4.5),
        Venue(name: "Pho Corner", category: .restaurant, location: Location(east: 0.3, north: 0.8), rating: 4.4),
        Venue(name: "Harbour Grill", category: .restaurant, location: Location(east: 3.1, north: -2.2), rating: 4.2),
        Venue(name: "Casa Olivo", category: .restaurant, location: Location(east: -0.9, north: -1.7), rating: 4.1),
        Venue(name: "Curry Leaf", category: .restaurant, location: Location(east: 2.2, north: 2.6), rating: 3.9),
        Venue(name: "Noodle Bar 88", category: .restaurant, location: Location(east: -3.4, north: -0.2), rating: 3.8),
        Venue(name: "The Brasserie", category: .restaurant, location: Location(east: 0.1, north: -3.0), rating: 3.6),
        Venue(name: "The Yeti Bar", category: .bar, location: Location(east: 1.5, north: 0.1), rating: 4.8),
        Venue(name: "Lantern", category: .bar, location: Location(east: -1.8, north: 2.2), rating: 4.6),
        Venue(name: "Hops & Barley", category: .bar, location: Location(east: 2.9, north: -1.1), rating: 4.3),
        Venue(name: "Velvet Room", category: .bar, location: Location(east: -0.4, north: -0.6), rating: 4.2),
        Venue(name: "Dockside Tavern", category: .bar, location: Location(east: 3.3, north: -2.5), rating: 4.0),
        Venue(name: "Moonshine", category: .bar, location: Location(east: -2.7, north: -2.1), rating: 3.9),
        Venue(name: "Rooftop 12", category: .bar, location: Location(east: 0.8, north: 1.9), rating: 3.7),
        Venue(name: "The Cellar", category: .bar, location: Location(east: -3.6, north: 0.9), rating: 3.5),
        Venue(name: "Odeon Centre", category: .cinema, location: Location(east: 0.2, north: 0.3), rating: 4.4),
        Venue(name: "Picture House", category: .cinema, location: Location(east: -2.1, north: 1.4), rating: 4.6),
        Venue(name: "Harbour Screens", category: .cinema, location: Location(east: 3.0, north: -1.9), rating: 4.1),
        Venue(name: "Starlight Drive-In", category: .cinema, location: Location(east: -3.9, north: -3.2), rating: 4.3),
        Venue(name: "Cine Nova", category: .cinema, location: Location(east: 1.7, north: -0.8), rating: 3.8),
        Venue(name: "The Vault", category: .cinema, location: Location(east: -0.7, north: 2.8), rating: 3.6),
    ])
}
