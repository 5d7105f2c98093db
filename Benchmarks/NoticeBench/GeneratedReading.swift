#if GeneratedCodecs
    import NoticeHub

    /// ``Reading`` with a generated codec (`@NoticeCodec`): the same fields, the same JSON,
    /// written and read without `Codable`'s containers.
    @NoticeCodec
    struct GeneratedReading: Codable, Sendable, Equatable {
        var id: Int
        var user: String
        var title: String
        var score: Double
        var flag: Bool
        var tags: [String]

        init(_ index: Int) {
            let reading = Reading(index)
            id = reading.id
            user = reading.user
            title = reading.title
            score = reading.score
            flag = reading.flag
            tags = reading.tags
        }
    }
#endif
