/// Where a venue is, in kilometres east and north of the town centre.
public struct Location: Sendable, Equatable, CustomStringConvertible {
    public var east: Double
    public var north: Double

    public init(east: Double, north: Double) {
        self.east = east
        self.north = north
    }

    public func distance(to other: Location) -> Double {
        ((east - other.east) * (east - other.east) + (north - other.north) * (north - other.north)).squareRoot()
    }

    public var description: String {
        "(\(Self.rounded(east)), \(Self.rounded(north)))"
    }

    private static func rounded(_ value: Double) -> String {
        let tenths = (value * 10).rounded() / 10
        return tenths == 0 ? "0.0" : "\(tenths)"
    }
}

/// The three kinds of place a date visits.
public enum VenueCategory: String, Sendable, CaseIterable {
    case restaurant, bar, cinema
}

/// A place to go.
public struct Venue: Sendable, Equatable {
    public var name: String
    public var category: VenueCategory
    public var location: Location
    /// Out of five; the best match sorts first.
    public var rating: Double
}
