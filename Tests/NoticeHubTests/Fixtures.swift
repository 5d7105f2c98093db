import NoticeHub

/// A colleague whose lifetime tests control.
final class Colleague: Sendable {
    let name: String
    let heard = Recorder<String>()

    init(_ name: String) {
        self.name = name
    }
}

struct Liked: NoticeMessage, Equatable {
    static let name: NoticeName = "news.liked"
    var newsID: Int
    var user: String
}
