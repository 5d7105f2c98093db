/// The generic mediator of the first source document, built on a hub: each
/// colleague is a responder to this mediator's private request, held strongly
/// or weakly, and "invoke" is a synchronous request that the hub delivers in
/// registration order, leaving out the initiator when there is one.
///
/// Like the document's, a mediator belongs to one thread (or actor) and is not
/// `Sendable`. `Colleague` may be a class or a class-bound protocol
/// (`any MyColleague`); colleagues must be class instances, since they are
/// told apart by identity.
///
/// ```swift
/// final class Greeter { func greet() { print("hello") } }
/// let mediator = Mediator<Greeter>()
/// let greeter = Greeter()
/// mediator.addColleague(greeter, strongReference: false)
/// mediator.invokeColleagues { $0.greet() }
/// ```
open class Mediator<Colleague> {
    /// The hub the colleagues are registered on.
    public let hub: NoticeHub
    private let invocation: NoticeName
    private var entries: [Entry] = []
    private var nextIdentity = 0

    private struct Entry {
        let object: ObjectIdentifier
        let identity: Sender
        let subscription: Subscription
        /// Set only for strong registrations.
        let strong: Colleague?
        let weak: OwnerReference
    }

    /// Makes a mediator on `hub` (a private hub by default).
    public init(hub: NoticeHub = NoticeHub()) {
        self.hub = hub
        invocation = NoticeName(stringLiteral: "mediator.invoke.\(NoticeID.next())")
    }

    /// Adds a colleague, held strongly (the default) or weakly; a weakly held
    /// colleague leaves when it is deallocated.
    ///
    /// - Precondition: `colleague` is a class instance. A struct or enum
    ///   would be copied into a fresh box at every use, with no identity to
    ///   remove it by and no owner to keep it, so it traps here rather than
    ///   be silently never invoked. (`Colleague` cannot be constrained to
    ///   `AnyObject` without shutting out class-bound protocols.)
    open func addColleague(_ colleague: Colleague, strongReference: Bool = true) {
        let type = Swift.type(of: colleague as Any)
        precondition(type is AnyObject.Type, "Mediator colleagues must be class instances; \(type) is not a class")
        nextIdentity += 1
        let identity = Sender(stringLiteral: "colleague-\(nextIdentity)")
        let object = colleague as AnyObject
        let reference = OwnerReference(object)
        let subscription = hub.addResponder(
            invocation, identity, nil, owner: strongReference ? nil : reference,
            .sync { [reference] notice in
                guard let colleague = reference.object as? Colleague else { return () }
                try notice.value(as: Invocation.self).run(colleague)
                return ()
            })
        entries.append(
            Entry(
                object: ObjectIdentifier(object), identity: identity, subscription: subscription,
                strong: strongReference ? colleague : nil, weak: reference))
    }

    /// Removes a colleague; removing one that is not there does nothing.
    open func removeColleague(_ colleague: Colleague) {
        let object = ObjectIdentifier(colleague as AnyObject)
        entries.removeAll { entry in
            guard entry.object == object, !entry.weak.isGone else { return false }
            entry.subscription.cancel()
            return true
        }
    }

    /// The live colleagues, in the order they were added.
    public var colleagues: [Colleague] {
        entries.removeAll { $0.weak.isGone }
        return entries.compactMap { $0.weak.object as? Colleague }
    }

    /// Calls `closure` with every colleague, in the order they were added.
    public func invokeColleagues(_ closure: (Colleague) -> Void) {
        invoke(from: "mediator", closure)
    }

    /// Calls `closure` with every colleague but `initiator`.
    public func invokeColleagues(by initiator: Colleague, _ closure: (Colleague) -> Void) {
        let object = ObjectIdentifier(initiator as AnyObject)
        let identity = entries.first { $0.object == object && !$0.weak.isGone }?.identity
        invoke(from: identity ?? "mediator", closure)
    }

    private func invoke(from requester: Sender, _ closure: (Colleague) -> Void) {
        withoutActuallyEscaping(closure) { closure in
            _ = hub.ask(invocation, payload: Invocation(closure), from: requester, as: Void.self)
        }
    }

    /// Carries the closure to the colleagues. Unchecked because the request is
    /// synchronous: the closure never leaves the invoking thread.
    private struct Invocation: @unchecked Sendable {
        let closure: (Colleague) -> Void

        init(_ closure: @escaping (Colleague) -> Void) {
            self.closure = closure
        }

        func run(_ colleague: Colleague) {
            closure(colleague)
        }
    }
}
