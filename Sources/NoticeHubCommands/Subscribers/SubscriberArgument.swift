import ArgumentParser
import NoticeHub

/// The durable subscriber a command acts on, its name checked before the
/// journal is opened: a usage error (exit 64) that says why.
struct SubscriberArgument: ParsableArguments {
    @Argument(help: "The subscriber's name.")
    var subscriber: String

    func validate() throws {
        try Self.validate(subscriber)
    }

    /// Throws the usage error for a name no durable subscriber may have.
    static func validate(_ subscriber: String) throws {
        if let problem = IdentifierRules.problem(with: subscriber) {
            throw ValidationError("\(NoticeHubError.invalidSubscriber(subscriber, reason: problem))")
        }
    }
}
