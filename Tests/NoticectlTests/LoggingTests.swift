import Testing
import TestSupport

/// noticectl's logs: standard error, at the level `NOTICEHUB_LOG_LEVEL` names.
struct LoggingTests {
    @Test func anUnknownLevelIsAUsageErrorAndWritesNothing() throws {
        let scratch = TemporaryDirectory()
        var noticectl = NoticectlRunner(in: scratch)
        noticectl.environment["NOTICEHUB_LOG_LEVEL"] = "loud"
        let outcome = try noticectl("post", "app.started")
        #expect(
            outcome
                == .usageError(
                    "NOTICEHUB_LOG_LEVEL must be one of trace, debug, info, notice, warning, error, critical, not 'loud'",
                    command: "noticectl post"))
        #expect(try scratch.listing().isEmpty)
    }

    @Test func debugLinesShowTheJournalOpeningAndClosing() throws {
        let scratch = TemporaryDirectory()
        var noticectl = NoticectlRunner(in: scratch)
        noticectl.environment["NOTICEHUB_LOG_LEVEL"] = "DEBUG"
        let outcome = try noticectl("post", "app.started", "--db", "journal.sqlite")
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("the journal is open"))
        #expect(outcome.stderr.contains("the journal is closed"))
        #expect(outcome.stderr.contains("journal.sqlite"))
    }

    @Test func byDefaultNothingBelowWarningIsShown() throws {
        let scratch = TemporaryDirectory()
        let outcome = try NoticectlRunner(in: scratch)("post", "app.started", "--db", "journal.sqlite")
        #expect(outcome.status == 0 && outcome.stderr.isEmpty)
    }
}
