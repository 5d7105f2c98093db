import NoticeHubCommands
import NoticeNews

/// How feed items and profiles read, shared by `feed`, `detail`, `profile`
/// and `replay` so the same thing always prints the same way. Their JSON is
/// their `Codable` form, through ``OrderedJSONEncoder``:
/// `{"id":1,"title":"News1","likes":2}` and `{"user":"alice","givenLikes":2}`.
extension NewsItem {
    /// `#1 News1: 2 likes`
    var textLine: String {
        "#\(id) \(title): \(likes) \(likes == 1 ? "like" : "likes")"
    }
}

extension Profile {
    /// `alice: 2 likes given`
    var textLine: String {
        "\(user): \(givenLikes) \(givenLikes == 1 ? "like" : "likes") given"
    }
}
