public import Dispatch
public import Foundation

/// The `observe` overloads the family replaced; each forwards to its new
/// spelling.
extension NoticeHub {
    @available(*, deprecated, renamed: "observe(_:sender:excludingPostsBy:scheduling:owner:using:)")
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        queue: DispatchQueue,
        using handler: @escaping @Sendable (Notice) -> Void
    ) -> Subscription {
        observe(name, sender: sender, excludingPostsBy: colleague, scheduling: .queue(queue), using: handler)
    }

    @available(*, deprecated, renamed: "observe(_:sender:excludingPostsBy:scheduling:owner:using:)")
    public func observe(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        queue: OperationQueue,
        using handler: @escaping @Sendable (Notice) -> Void
    ) -> Subscription {
        observe(name, sender: sender, excludingPostsBy: colleague, scheduling: .operationQueue(queue), using: handler)
    }

    @available(
        *, deprecated,
        message: "give the owner as `owner:`, and capture it weakly in the handler"
    )
    @discardableResult
    public func observe<Owner: AnyObject & Sendable>(
        _ name: NoticeName?,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        owner: Owner,
        using handler: @escaping @Sendable (Owner, Notice) -> Void
    ) -> Subscription {
        observe(name, sender: sender, excludingPostsBy: colleague, owner: owner) { [weak owner] notice in
            guard let owner else { return }
            handler(owner, notice)
        }
    }

    @available(*, deprecated, message: "observe the message on: MainActor.self")
    public func observe<Message: MainActorNoticeMessage>(
        _ type: Message.Type,
        sender: Sender? = nil,
        excludingPostsBy colleague: Sender? = nil,
        using handler: @escaping @MainActor @Sendable (Message, Notice) -> Void
    ) -> Subscription {
        observe(type, sender: sender, excludingPostsBy: colleague, on: MainActor.self, using: handler)
    }

    @available(
        *, deprecated,
        message: "observe on: MainActor.self with the model as `owner:`, and capture it weakly in the handler"
    )
    @discardableResult
    public func observe<Message: NoticeMessage, Model: AnyObject & Sendable>(
        _ type: Message.Type,
        sender: Sender? = nil,
        updating model: Model,
        using handler: @escaping @MainActor @Sendable (Model, Message, Notice) -> Void
    ) -> Subscription {
        observe(type, sender: sender, on: MainActor.self, owner: model) { [weak model] message, notice in
            guard let model else { return }
            handler(model, message, notice)
        }
    }
}
