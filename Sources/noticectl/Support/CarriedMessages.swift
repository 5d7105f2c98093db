import NoticeHub
import NoticeNews

/// The message types noticectl knows, whose payloads `verify --payloads`
/// decodes: the news example's, beside its projection (``CarriedProjections``).
enum CarriedMessages {
    static let all: [any NoticeMessage.Type] = [NewsPublished.self, NewsLiked.self, NewsUnliked.self]
}
