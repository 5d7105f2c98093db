/// How the payloads an earlier version of a message wrote become the current
/// message: a chain of steps, each from one version's payload type to the
/// next version's, declared by the message type
/// (``NoticeMessage/upcasts``) and applied wherever a notice is decoded as
/// the message: live delivery, replay, followers, durable subscribers,
/// streams and fixtures.
///
/// A chain starts at the oldest payload type still readable, names the
/// type of each later version in turn, and ends at the message itself; the
/// compiler checks that each step takes what the step before it makes:
///
/// ```swift
/// struct LikedV1: Decodable { var newsID: Int; var user: String }
/// struct LikedV2: Decodable { var newsID: Int; var reader: String }
///
/// struct Liked: NoticeMessage {
///     static let name: NoticeName = "news.liked"
///     static let version = 3
///     static let upcasts = Upcasts<Liked>
///         .from(LikedV1.self)
///         .then { v1 in LikedV2(newsID: v1.newsID, reader: v1.user) }
///         .then { v2 in Liked(newsID: v2.newsID, reader: v2.reader, source: "unknown") }
///     var newsID: Int
///     var reader: String
///     var source: String
/// }
/// ```
///
/// A notice at the message's own version is decoded directly and never
/// touches the chain. One at an earlier version is decoded as that
/// version's type and taken through every later step, in memory. A notice
/// the chain cannot bring to the current version (older than its first
/// type, newer than the message, or a step that throws) does not decode:
/// a typed observer reports it (``UndecodableNotice``), ``Notice/message(_:)``
/// throws ``NoticeHubError/payloadMismatch(name:expected:detail:)``.
public struct UpcastChain<Message: NoticeMessage, Last>: Sendable {
    /// The version of the chain's first payload type.
    package let firstVersion: Int
    /// `decoders[i]` decodes a notice of version `firstVersion + i` as that
    /// version's type.
    private let decoders: [@Sendable (Notice) throws -> Any]
    /// `steps[i]` makes version `firstVersion + i + 1` of version `firstVersion + i`.
    private let steps: [@Sendable (Any) throws -> Any]

    private init(
        firstVersion: Int, decoders: [@Sendable (Notice) throws -> Any],
        steps: [@Sendable (Any) throws -> Any]
    ) {
        self.firstVersion = firstVersion
        self.decoders = decoders
        self.steps = steps
    }

    /// The version of `Last`, the chain's latest payload type.
    package var lastVersion: Int { firstVersion + steps.count }

    /// A chain whose oldest readable payload type is `first`, the shape of
    /// version `version` (1 unless older versions are no longer read).
    public static func from<First: Decodable & Sendable>(
        _ first: First.Type, version: Int = 1
    ) -> UpcastChain<Message, First> {
        UpcastChain<Message, First>(
            firstVersion: version, decoders: [{ notice in try notice.decode(First.self) }],
            steps: [])
    }

    /// A one-step chain: payloads of version `version` (by default the one
    /// before the message's) are decoded as `old` and made into the message
    /// by `step`.
    public static func from<Old: Decodable & Sendable>(
        _ old: Old.Type, version: Int = Message.version - 1,
        _ step: @escaping @Sendable (Old) throws -> Message
    ) -> UpcastChain<Message, Message> {
        UpcastChain<Message, Old>.from(old, version: version).then(step)
    }

    /// The chain extended by one version: `step` makes the next version's
    /// payload, of type `Next`, from `Last`.
    public func then<Next: Decodable & Sendable>(_ step: @escaping @Sendable (Last) throws -> Next) -> UpcastChain<
        Message, Next
    > {
        UpcastChain<Message, Next>(
            firstVersion: firstVersion,
            decoders: decoders + [{ notice in try notice.decode(Next.self) }],
            steps: steps + [{ value in try step(value as! Last) }])
    }
}

/// A message's chain, from its oldest readable payload type to itself.
public typealias Upcasts<Message: NoticeMessage> = UpcastChain<Message, Message>

extension UpcastChain where Last == Message {
    /// No earlier versions: only payloads of the message's own version decode.
    public static var none: Upcasts<Message> {
        UpcastChain(firstVersion: Message.version, decoders: [], steps: [])
    }

    /// The message a notice of an earlier version holds, taken through the
    /// chain's steps from its version on.
    func upcast(_ notice: Notice) throws(NoticeHubError) -> Message {
        let version = notice.version
        guard lastVersion == Message.version else {
            throw mismatch(
                notice, "\(Message.self) is version \(Message.version), but its upcasts end at version \(lastVersion)")
        }
        guard version <= Message.version else {
            throw mismatch(
                notice, "it is version \(version), and \(Message.self) reads versions up to \(Message.version)")
        }
        guard version >= firstVersion, !decoders.isEmpty else {
            throw mismatch(
                notice, "it is version \(version), and \(Message.self)'s upcasts start at version \(firstVersion)")
        }
        let index = version - firstVersion
        var value: Any
        do {
            value = try decoders[index](notice)
        } catch {
            if let error = error as? NoticeHubError, case .payloadMismatch(_, let expected, let detail) = error.kind {
                throw mismatch(notice, "as version \(version), a \(expected): \(detail)")
            }
            throw mismatch(notice, "as version \(version): \(error)")
        }
        for (offset, step) in steps[index...].enumerated() {
            do {
                value = try step(value)
            } catch {
                let from = version + offset
                throw mismatch(notice, "upcasting version \(from) to \(from + 1) failed: \(error)")
            }
        }
        return value as! Message
    }

    private func mismatch(_ notice: Notice, _ detail: String) -> NoticeHubError {
        .payloadMismatch(name: notice.name, expected: "\(Message.self)", detail: detail)
    }
}
