public import NoticeHub
import Synchronization

/// The profile colleague: how many likes each user has given, kept in step by
/// the hub.
public final class Profiles: Sendable {
    private let counts: Mutex<[String: Int]>
    private let log: NewsLog?

    /// Starts from `profiles` (a rebuilt state, or none) and follows the hub.
    public init(hub: NoticeHub, profiles: [Profile] = [], log: NewsLog? = nil) {
        counts = Mutex(Dictionary(profiles.map { ($0.user, $0.givenLikes) }, uniquingKeysWith: +))
        self.log = log
        _ = hub.observe(NewsLiked.name, owner: self) { [weak self] notice in
            guard let profiles = self else { return }
            guard let liked = try? notice.message(NewsLiked.self) else { return }
            profiles.log?("Profile: Received a liked news model with id \(liked.newsID)")
            profiles.counts.locked { $0[liked.user, default: 0] += 1 }
        }
        _ = hub.observe(NewsUnliked.name, owner: self) { [weak self] notice in
            guard let profiles = self else { return }
            guard let unliked = try? notice.message(NewsUnliked.self) else { return }
            profiles.log?("Profile: Received a disliked news model with id \(unliked.newsID)")
            profiles.counts.locked { $0[unliked.user, default: 0] -= 1 }
        }
    }

    /// Every user who has given likes, by name.
    public var profiles: [Profile] {
        counts.locked { $0.map { Profile(user: $0.key, givenLikes: $0.value) } }
            .filter { $0.givenLikes != 0 }
            .sorted { $0.user < $1.user }
    }

    /// One user's profile (zero likes if unknown).
    public func profile(of user: String) -> Profile {
        Profile(user: user, givenLikes: counts.locked { $0[user] ?? 0 })
    }
}
