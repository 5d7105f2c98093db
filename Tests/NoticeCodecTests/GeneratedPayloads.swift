#if GeneratedCodecs
    import Foundation
    public import NoticeHub

    /// Every kind of field `@NoticeCodec` meets: strings, each integer width, both floating
    /// types, Booleans, optionals, arrays, a nested generated value, a nested `Codable`-only
    /// value and a `Foundation` type with a fixed spelling.
    @NoticeCodec
    struct EveryField: NoticeMessage, Equatable {
        static let name: NoticeName = "codec.every-field"
        var text: String
        var int: Int
        var int8: Int8
        var int16: Int16
        var int32: Int32
        var int64: Int64
        var uint: UInt
        var uint8: UInt8
        var uint16: UInt16
        var uint32: UInt32
        var uint64: UInt64
        var double: Double
        var float: Float
        var flag: Bool
        var note: String?
        var count: Optional<Int>
        var tags: [String]
        var matrix: [[Double]]
        var gaps: [Int?]
        var inner: Inner
        var innerMaybe: Inner?
        var inners: [Inner]
        var legacy: CodableOnly
        var legacyMaybe: CodableOnly?
        var at: Date
        var `default`: Bool
        var computed: Int { int &+ 1 }
        nonisolated(unsafe) static var shared = 0
    }

    /// A generated value nested in another.
    @NoticeCodec
    struct Inner: Codable, Sendable, Equatable {
        var name: String
        var score: Double?
    }

    /// A value with no generated codec: the generated code writes and reads it through
    /// `Codable`.
    struct CodableOnly: Codable, Sendable, Equatable {
        var a: Int
        var b: [String: Int]
    }

    /// An empty message: it writes `{}` either way.
    @NoticeCodec
    struct Nothing: NoticeMessage, Equatable {
        static let name: NoticeName = "codec.nothing"
    }

    /// The benchmark's reading, generated.
    @NoticeCodec
    public struct PublicReading: NoticeMessage, Equatable {
        public static let name: NoticeName = "codec.reading"
        public var id: Int
        public var user: String
        public var title: String
        public var score: Double
        public var flag: Bool
        public var tags: [String]
    }
#endif
