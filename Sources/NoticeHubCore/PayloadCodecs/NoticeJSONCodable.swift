/// A payload type that writes and reads NoticeHub's JSON itself, without `Codable`'s
/// containers: the hub uses ``writeNoticeJSON(to:)`` when it journals such a payload and
/// ``init(noticeJSON:)`` when a handler decodes one, and `Codable` for every other type.
///
/// The `@NoticeCodec` macro (the `GeneratedCodecs` package trait) writes this conformance
/// for a struct from its stored properties; the strings, numbers, Booleans, arrays and
/// optionals of the standard library conform already. Whatever writes a conformance, it
/// must write the same bytes the type's `Codable` conformance writes through NoticeHub's
/// JSON encoder, and read back what it writes: a payload is decoded by whichever path
/// the reader's type has, whichever path wrote it.
///
/// ```swift
/// @NoticeCodec
/// struct Liked: NoticeMessage {
///     static let name: NoticeName = "news.liked"
///     var newsID: Int
///     var user: String
/// }
/// ```
public protocol NoticeJSONCodable: Codable {
    /// Writes this value as one JSON value.
    func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws
    /// Reads a value from the JSON value `json`.
    init(noticeJSON json: NoticeJSONValue) throws
}
