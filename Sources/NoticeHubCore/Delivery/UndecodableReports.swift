#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import Synchronization

/// Where a hub's typed observers and streams report the notices they could
/// not decode: the handler set by ``NoticeHub/onUndecodable(_:)``, or, on a
/// thread replaying into the hub, that replay's ``ReplayUndecodables``.
final class UndecodableReports: Sendable {
    private let handler = Mutex<@Sendable (UndecodableNotice) -> Void>(UndecodableReports.writeToStandardError)

    func setHandler(_ handler: @escaping @Sendable (UndecodableNotice) -> Void) {
        self.handler.locked { $0 = handler }
    }

    /// Reports `undecodable`, which an observer of the hub `identity` met.
    /// Off the delivery's fast path: only a notice that failed to decode
    /// comes here.
    @inline(never)
    func report(_ undecodable: UndecodableNotice, hub identity: ObjectIdentifier) {
        if DeliveryContext.current.collect(undecodable, replayingInto: identity) { return }
        let handler = handler.locked { $0 }
        handler(undecodable)
    }

    /// `notice` decoded as `Message`, or nil once the failure is reported:
    /// what every typed observer and typed stream of the hub `identity` does
    /// with a notice under its message's name.
    func decode<Message: NoticeMessage>(_ notice: Notice, as type: Message.Type, hub identity: ObjectIdentifier)
        -> Message?
    {
        do throws(NoticeHubError) {
            return try notice.decode(Message.self)
        } catch {
            report(UndecodableNotice(notice: notice, expected: "\(Message.self)", error: error), hub: identity)
            return nil
        }
    }

    /// The default handler: one line on standard error.
    static let writeToStandardError: @Sendable (UndecodableNotice) -> Void = { undecodable in
        let line = Array("noticehub: \(undecodable)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}

/// The undecodable notices of one replay, collected on its thread.
final class ReplayUndecodables {
    private(set) var count = 0
    private(set) var listed: [UndecodableNotice] = []
    /// When set, called for each instead of the replay throwing.
    private let handler: ((UndecodableNotice) -> Void)?

    init(handler: ((UndecodableNotice) -> Void)?) {
        self.handler = handler
    }

    func add(_ undecodable: UndecodableNotice) {
        if let handler { return handler(undecodable) }
        count += 1
        if listed.count < UndecodableNotices.listedLimit { listed.append(undecodable) }
    }
}
