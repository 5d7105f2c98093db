import NoticeNews

/// How feed items and profiles read, shared by `feed`, `detail`, `profile`
/// and `replay` so the same thing always prints the same way.
extension NewsItem {
    /// `#1 News1: 2 likes`
    var textLine: String {
        "#\(id) \(title): \(likes) \(likes == 1 ? "like" : "likes")"
    }

    /// `{"id":1,"title":"News1","likes":2}`
    var jsonLine: String {
        JSONText.object(["id": "\(id)", "title": JSONText.string(title), "likes": "\(likes)"])
    }
}

extension Profile {
    /// `alice: 2 likes given`
    var textLine: String {
        "\(user): \(givenLikes) \(givenLikes == 1 ? "like" : "likes") given"
    }

    /// `{"user":"alice","givenLikes":2}`
    var jsonLine: String {
        JSONText.object(["user": JSONText.string(user), "givenLikes": "\(givenLikes)"])
    }
}
