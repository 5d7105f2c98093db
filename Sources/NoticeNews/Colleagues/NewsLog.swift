/// Where colleagues report what they receive, in document 004's words
/// ("News Feed: Received a liked news model with id 1"); nil keeps them quiet.
public typealias NewsLog = @Sendable (String) -> Void
