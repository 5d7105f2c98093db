import Foundation
import Testing
import TestSupport

/// `noticectl retention`: the policy kept in the journal, and `apply`.
struct RetentionTests {
    @Test func aPolicyIsSetShownAndApplied() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        for index in 1...5 { try cli("post", "meter.read", "--payload", "\(index)") }
        #expect(try cli("retention") == .success("keeps everything\n"))
        #expect(try cli("retention", "apply") == .success("nothing to trim\n"))
        #expect(
            try cli("retention", "set", "--max-age", "90d", "--max-count", "2")
                == .success("max age: 90d\nmax count: 2\n"))
        #expect(try cli("retention", "show") == .success("max age: 90d\nmax count: 2\n"))
        #expect(try cli("retention", "apply") == .success("removed 3 notices; the journal starts at #4\n"))
        #expect(try cli("retention", "set", "--keep-everything") == .success("keeps everything\n"))
        #expect(try cli("stats", "--json").stdout.contains(#""notices":2"#))
    }

    @Test func aPolicyLimitsThePayloadsSize() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        for _ in 1...5 { try cli("post", "meter.read", "--payload", #""xxxxxxxx""#) }
        #expect(try cli("retention", "set", "--max-bytes", "1.5KiB") == .success("max bytes: 1536 of payload\n"))
        #expect(try cli("retention", "set", "--max-bytes", "20MiB") == .success("max bytes: 20MiB of payload\n"))
        #expect(try cli("retention", "set", "--max-bytes", "25") == .success("max bytes: 25 of payload\n"))
        #expect(try cli("retention", "apply") == .success("removed 3 notices; the journal starts at #4\n"))
    }

    @Test(arguments: [
        (["retention", "set"], "error: give --max-age, --max-count, --max-bytes or --keep-everything"),
        (["retention", "set", "--max-count", "0"], "error: --max-count must be at least 1"),
        (["retention", "set", "--max-age", "0d"], "error: --max-age must be positive"),
        (["retention", "set", "--max-age", "soon"], "error: The value 'soon' is invalid for '--max-age <age>'"),
        (["retention", "set", "--keep-everything", "--max-count", "3"], "error: give --keep-everything or limits"),
        (["retention", "set", "--max-bytes", "0"], "error: --max-bytes must be at least 1"),
        (["retention", "set", "--max-bytes", "2GB"], "error: The value '2GB' is invalid for '--max-bytes <size>'"),
    ])
    func badPoliciesAreUsageErrorsAndChangeNothing(arguments: [String], message: String) throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        try cli("post", "meter.read")
        try cli("retention", "set", "--max-count", "5")
        let outcome = try cli.run(arguments)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.hasPrefix(message))
        #expect(try cli("retention") == .success("max count: 5\n"))
    }
}
