import Foundation
import Testing
import TestSupport

/// `verify --payloads` decodes each notice of a message type noticectl
/// carries and names those whose payload is not that message's shape.
struct VerifyPayloadsTests {
    @Test func payloadsThatDoNotDecodeAreListedAndFailTheCheck() throws {
        let scratch = TemporaryDirectory()
        let cli = NoticectlRunner(in: scratch)
        _ = try cli("post", "news.published", "--sender", "editor", "--payload", #"{"id":1,"title":"News1"}"#)
        _ = try cli("post", "news.liked", "--sender", "feed", "--payload", #"{"newsID":"one","user":"alice"}"#)
        _ = try cli("post", "weather.now", "--payload", #"{"id":"anything"}"#)
        #expect(try cli("verify").status == 0, "without --payloads, payloads are not decoded")
        #expect(
            try cli("verify", "--payloads")
                == Outcome(
                    status: 1,
                    stdout: """
                        notice #2 (news.liked version 1 from feed) is not a NewsLiked: expected Int but found string "one" at newsID

                        """,
                    stderr: "error: 1 of 2 notices of the message types noticectl carries do not decode\n"))
    }
}
