#if GeneratedCodecs
    /// Generates the struct's ``NoticeJSONCodable`` conformance from its stored properties,
    /// so that the hub journals and decodes it without `Codable`'s containers.
    ///
    /// The conformance mirrors the `Codable` one the compiler synthesizes, so both write the
    /// same bytes: one member per stored property, named as the property and in the order
    /// declared; a property whose type is spelled optional (`T?`, `Optional<T>`) left out
    /// when nil and read as nil when missing or null; a `let` with an initial value written
    /// but not read. A property of a type with no conformance of its own (`Date`, a type of
    /// the app's) goes through its `Codable` conformance. The struct stays `Codable` and
    /// keeps its synthesized conformance; a struct that writes its own `CodingKeys`,
    /// `encode(to:)` or `init(from:)` is refused, as is a property without a written type.
    ///
    /// Available with the package's `GeneratedCodecs` trait, which builds swift-syntax.
    @attached(extension, conformances: NoticeJSONCodable, names: named(writeNoticeJSON(to:)), named(init(noticeJSON:)))
    public macro NoticeCodec() = #externalMacro(module: "NoticeHubMacros", type: "NoticeCodecMacro")
#endif
