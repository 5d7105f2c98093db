import NoticeHubCommands
import ArgumentParser
import NoticeHub
import NoticeNews

struct NewsProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile",
        abstract: "Print how many likes a user has given, from the stored likes state.",
        discussion: """
            A user who never liked anything has given 0 likes.

            Example:
              noticectl news profile alice --json
            """
    )

    @OptionGroup var journal: JournalOptions

    @Argument(help: "The user.")
    var user: String

    @Flag(help: "Print the profile as one JSON object.")
    var json = false

    func run() throws {
        let profiles = try NewsStore.storedState(
            of: journal.openHub(installing: [LikesProjection()], creatingIfMissing: false)
        ).profiles
        let profile = profiles.first { $0.user == user } ?? Profile(user: user, givenLikes: 0)
        print(json ? try OrderedJSONEncoder().encode(profile) : profile.textLine)
    }
}
