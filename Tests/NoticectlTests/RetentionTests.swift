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

    @Test func aRuleByNameIsSetBesideTheJournalsLimitsAndApplied() throws {
        let cli = NoticectlRunner(in: TemporaryDirectory())
        for index in 1...4 {
            try cli("post", "sensor.reading", "--payload", "\(index)")
            try cli("post", "order.placed", "--payload", "\(index)")
        }
        try cli("retention", "set", "--max-count", "100")
        #expect(
            try cli("retention", "set", "--name", "sensor.*", "--max-count", "1")
                == .success("max count: 100\nsensor.*: max count 1, each name\n"))
        #expect(
            try cli("retention", "apply")
                == .success("removed 3 notices named sensor.reading\n"))
        #expect(try cli("tail", "--name", "sensor.reading").stdout.hasPrefix("7 "))
        #expect(try cli("verify").status == 0)
        #expect(try cli("retention", "set", "--name", "sensor.*", "--keep-everything") == .success("max count: 100\n"))
        #expect(
            try cli("retention", "set", "--name", "sensor.>", "--max-age", "7d", "--max-bytes", "1KiB")
                == .success("max count: 100\nsensor.>: max age 7d, max bytes 1KiB of payload, each name\n"))
        try cli("post", "device.status", "--payload", #"{"device":"a","state":"on"}"#)
        try cli("post", "device.status", "--payload", #"{"device":"a","state":"off"}"#)
        try cli("post", "order.placed", "--payload", "5")
        #expect(
            try cli("retention", "set", "--name", "device.status", "--keep-latest-by", "device")
                == .success(
                    "max count: 100\ndevice.status: the latest by device, each name\n"
                        + "sensor.>: max age 7d, max bytes 1KiB of payload, each name\n"))
        #expect(try cli("retention", "apply").stdout.contains("removed 1 notice named device.status\n"))
        #expect(try cli("tail", "--name", "device.status").stdout.contains(#""state":"off""#))
        let unnamed = try cli.run(["retention", "set", "--keep-latest-by", "device"])
        #expect(unnamed.status == 64)
        #expect(unnamed.stderr.hasPrefix("error: --keep-latest-by needs --name"))
        let refused = try cli.run(["retention", "set", "--name", "", "--max-count", "1"])
        #expect(refused.status == 64)
        #expect(
            refused.stderr.hasPrefix(#"error: The value '' is invalid for '--name <name>': invalid notice name """#))
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
