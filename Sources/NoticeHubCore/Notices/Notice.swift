public import Foundation
import NoticeJSON

/// One notice: what was posted, by whom, when, and with which payload.
///
/// Handlers receive notices; they read the payload with ``decode(_:)->T`` (or
/// ``message(_:)`` for typed messages). A notice delivered from a journal also
/// carries its ``sequence`` number, and ``isReplay`` tells a replayed notice
/// from a live one.
///
/// A notice may belong to a conversation (``conversation``) and name the
/// notice that caused it (``cause``): a notice posted by a handler while
/// another is delivered names the delivered one as its cause, a reply names
/// its request. The journal keeps both, so it shows which notice led to
/// which.
public struct Notice: Sendable {
    /// Unique across processes; kept by the journal, export and import.
    public let id: NoticeID
    /// What the notice is about.
    public let name: NoticeName
    /// Who posted it, when the poster said.
    public let sender: Sender?
    /// The posting time in whole milliseconds since 1970, the journal's
    /// precision. In-memory hubs read the clock as of the last kernel tick
    /// (1-4 ms granularity); journaled ones read it precisely.
    public let postedAtMilliseconds: Int64
    /// The journal's sequence number; nil for a notice that was not journaled.
    public internal(set) var sequence: Int64?
    /// True while the notice is being delivered again by a replay.
    public internal(set) var isReplay: Bool
    let payload: NoticePayload
    /// What part the notice plays: ``NoticeKind/notice`` unless it is a
    /// request or a reply exchanged across processes.
    public let kind: NoticeKind
    /// Kept beside `kind`, in what was padding: a notice is no larger for it.
    private let storedVersion: Int32
    /// The version of the payload's shape: that of the typed message which
    /// posted it (``NoticeMessage/version``), 1 for every other notice.
    /// Decoding it as a message of a later version runs the message's
    /// ``NoticeMessage/upcasts``.
    public var version: Int { Int(storedVersion) }
    /// The id of the conversation the notice belongs to: that of the notice
    /// which started it (a request, or the first notice of a chain of
    /// handlers' posts); nil for a notice that is part of none.
    public var conversation: NoticeID? { storedLinks.conversation }
    /// The id of the notice that caused this one: the notice being delivered
    /// when a handler posted it, or the request a reply answers.
    public var cause: NoticeID? { storedLinks.cause }
    let storedLinks: NoticeLinks
    /// The short text fields the notice carries beside its payload (a
    /// trace's context, a correlation id); empty for most notices.
    public internal(set) var metadata: NoticeMetadata

    package init(
        id: NoticeID = .next(),
        name: NoticeName,
        sender: Sender?,
        postedAtMilliseconds: Int64 = WallClock.nowMilliseconds(),
        payload: NoticePayload,
        sequence: Int64? = nil,
        isReplay: Bool = false,
        kind: NoticeKind = .notice,
        links: NoticeLinks = .none,
        version: Int32 = 1,
        metadata: NoticeMetadata = .empty
    ) {
        self.id = id
        self.name = name
        self.sender = sender
        self.postedAtMilliseconds = postedAtMilliseconds
        self.payload = payload
        self.sequence = sequence
        self.isReplay = isReplay
        self.kind = kind
        storedLinks = links
        storedVersion = version
        self.metadata = metadata
    }

    /// When the notice was posted, to the millisecond.
    public var postedAt: Date {
        Date(timeIntervalSince1970: Double(postedAtMilliseconds) / 1000)
    }

    /// This notice as the journal holds it under `sequence`. A backend
    /// hands it to each projection's ``Projection/apply(_:to:)`` inside the
    /// append, so that a projection sees the number a rebuild reads back.
    public func journaled(as sequence: Int64) -> Notice {
        var copy = self
        copy.sequence = sequence
        return copy
    }

    /// Reads the payload as `T`.
    ///
    /// A live notice hands back the posted value itself when it is a `T`;
    /// otherwise the payload's JSON form is decoded as `T`. Anything that does
    /// not fit throws ``NoticeHubError/payloadMismatch(name:expected:detail:)``
    /// naming the notice, the type and the first problem found.
    public func decode<T: Decodable>(_ type: T.Type = T.self) throws(NoticeHubError) -> T {
        try decode(payloadAs: T.self)
    }

    /// The payload as `T`, whatever the notice's version.
    @inline(__always)
    private func decode<T: Decodable>(payloadAs type: T.Type) throws(NoticeHubError) -> T {
        // One switch over the borrowed payload: `if case` tests copied it first.
        switch payload {
        case .value(let value):
            if let typed = value as? T { return typed }
        case .encodable(let value):
            if let typed = value as? T { return typed }
        case .jsonUTF8(let bytes):
            do {
                if let direct = try bytes.withUnsafeBytes({ try DirectPayload.decode(T.self, from: $0) }) {
                    return direct
                }
                return try PayloadCodec.decode(T.self, from: bytes)
            } catch {
                throw mismatch(T.self, error)
            }
        case .empty, .json:
            break
        }
        let json: String
        do {
            json = try payloadJSON()
        } catch {
            throw .payloadMismatch(name: name, expected: "\(T.self)", detail: "it is not JSON encodable")
        }
        do {
            var json = json
            if let direct = try json.withUTF8({ try DirectPayload.decode(T.self, from: UnsafeRawBufferPointer($0)) }) {
                return direct
            }
            return try PayloadCodec.decode(T.self, from: json)
        } catch {
            throw mismatch(T.self, error)
        }
    }

    private func mismatch<T>(_ type: T.Type, _ error: any Error) -> NoticeHubError {
        .payloadMismatch(name: name, expected: "\(T.self)", detail: PayloadCodec.describe(error))
    }

    /// Reads the payload as the typed message `M`, through `M`'s
    /// ``NoticeMessage/upcasts`` when the notice is of an earlier
    /// ``version``; a notice of `M`'s own version is decoded directly.
    public func decode<M: NoticeMessage>(_ type: M.Type = M.self) throws(NoticeHubError) -> M {
        if storedVersion == M.version { return try decode(payloadAs: M.self) }
        // A live notice posted by name carrying an `M` needs no upcasting.
        switch payload {
        case .value(let value): if let typed = value as? M { return typed }
        case .encodable(let value): if let typed = value as? M { return typed }
        case .empty, .json, .jsonUTF8: break
        }
        return try M.upcasts.upcast(self)
    }

    /// Reads the payload as the typed message `M`: ``decode(_:)->M``.
    public func message<M: NoticeMessage>(_ type: M.Type = M.self) throws(NoticeHubError) -> M {
        try decode(M.self)
    }

    /// Reads a payload that need not be Codable (a request's), by type alone.
    public func value<T>(as type: T.Type = T.self) throws(NoticeHubError) -> T {
        switch payload {
        case .value(let value): if let typed = value as? T { return typed }
        case .encodable(let value): if let typed = value as? T { return typed }
        case .empty, .json, .jsonUTF8: break
        }
        throw .payloadMismatch(name: name, expected: "\(T.self)", detail: "it holds a \(payload.typeDescription)")
    }

    /// The payload as compact JSON text, as the journal stores it.
    public func payloadJSON() throws(NoticeHubError) -> String {
        switch payload {
        case .empty:
            return "{}"
        case .json(let text):
            return text
        case .jsonUTF8(let bytes):
            return String(decoding: bytes, as: UTF8.self)
        case .value(let value):
            guard let encodable = value as? any Encodable else {
                throw .payloadNotEncodable(name: name, detail: "\(type(of: value)) is not Encodable")
            }
            return try encode(encodable)
        case .encodable(let value):
            return try encode(value)
        }
    }

    private func encode(_ value: any Encodable) throws(NoticeHubError) -> String {
        do {
            return try DirectPayload.text(of: value) ?? PayloadCodec.encode(value)
        } catch {
            throw .payloadNotEncodable(name: name, detail: PayloadCodec.describe(error))
        }
    }
}
