/// What an append did.
public enum AppendOutcome: Sendable, Equatable {
    /// Stored under this sequence number.
    case appended(Int64)
    /// A notice with the same id was already stored, under this sequence number.
    case duplicate(Int64)

    package var sequence: Int64 {
        switch self {
        case .appended(let sequence), .duplicate(let sequence): sequence
        }
    }
}
