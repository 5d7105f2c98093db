import ArgumentParser
import NoticeHub

/// The check that the commands naming a durable subscriber run on its name
/// before they open the journal: a usage error (exit 64) that says why.
enum SubscriberNameCheck {
    static func validate(_ subscriber: String) throws {
        if let problem = IdentifierRules.problem(with: subscriber) {
            throw ValidationError("\(NoticeHubError.invalidSubscriber(subscriber, reason: problem))")
        }
    }
}
