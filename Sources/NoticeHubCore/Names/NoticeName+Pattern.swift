extension Identifier where Kind == NoticeNameKind {
    /// Whether this name is a pattern: one of its dot-separated segments is
    /// exactly `*`, which matches one non-empty segment, or its last segment
    /// is exactly `>`, which matches one or more. So `news.*` matches
    /// `news.liked` but not `news.liked.twice`, and `news.>` matches both but
    /// not `news`. `*` or `>` inside a longer segment (`news*`) is an
    /// ordinary character: such a name is a literal.
    ///
    /// Observers, streams, responders, durable subscribers and journal
    /// queries accept patterns; a notice needs a literal name, so posting a
    /// pattern throws ``NoticeHubError/patternNotPostable(_:)``.
    public var isPattern: Bool { fingerprint < 0 }

    /// Whether a notice named `name` is one this name selects: a literal
    /// matches only itself, a pattern the literal names it describes. A
    /// pattern never matches a pattern.
    ///
    /// ```swift
    /// let news: NoticeName = "news.*"
    /// news.matches("news.liked")          // true
    /// news.matches("news.liked.twice")    // false
    /// ```
    public func matches(_ name: NoticeName) -> Bool {
        guard isPattern else { return self == name }
        return !name.isPattern && NamePattern.matches(pattern: rawValue, name: name.rawValue)
    }
}

extension Set<NoticeName> {
    /// Whether `name` is one of these names, or a name one of these patterns
    /// matches: how journal queries and projections select by name.
    package func selects(_ name: NoticeName) -> Bool {
        contains(name) || contains { $0.isPattern && $0.matches(name) }
    }
}
