import Testing
import TestSupport

/// Usage errors exit 64 with one `error:` line and a hint, before any
/// journal is opened or created.
struct UsageErrorTests {
    @Test(arguments: [
        (["bogus"], "Unexpected argument 'bogus'", "noticectl"),
        (["help", "bogus"], "no command named 'bogus' to show help for", "noticectl"),
        (["help", "news", "shout"], "no command named 'shout' to show help for", "noticectl"),
        (["tail", "--bogus"], "Unknown option '--bogus'", "noticectl tail"),
        (["tail", "--from", "x"], "The value 'x' is invalid for '--from <seq>'", "noticectl tail"),
        (["tail", "--from", "0"], "--from must be at least 1", "noticectl tail"),
        (["tail", "--limit", "many"], "The value 'many' is invalid for '--limit <limit>'", "noticectl tail"),
        (["tail", "--db", ""], "--db needs a file path or a postgres:// URL", "noticectl tail"),
        (["tail", "-n", "-2"], "--last must not be negative", "noticectl tail"),
        (["tail", "-n", "2", "--from", "3"], "give --from or --last, not both", "noticectl tail"),
        (
            ["request", "news.*"],
            #"notice name "news.*" is a pattern ('*' stands for one segment); a notice needs a literal name"#,
            "noticectl request"
        ),
        (["subscribe", ""], #"invalid subscriber name "": it is empty"#, "noticectl subscribe"),
        (
            ["request", "x", "--timeout", "-1s"],
            "The value '-1s' is invalid for '--timeout <timeout>': it must not be negative", "noticectl request"
        ),
        (
            ["request", "x", "--timeout", "soon"],
            "The value 'soon' is invalid for '--timeout <timeout>': write a number and a unit: 500ms, 2s, 1.5s, 1m, 2h or 30d",
            "noticectl request"
        ),
        (["export", "--from", "1.5"], "The value '1.5' is invalid for '--from <seq>'", "noticectl export"),
        (
            ["news", "replay", "--from", "5", "--through", "2"], "--through must not be before --from",
            "noticectl news replay"
        ),
        (["news", "like", "x", "--user", "alice"], "The value 'x' is invalid for '<news-id>'", "noticectl news like"),
        (["news", "unlike", "1"], "Missing expected argument '--user <user>'", "noticectl news unlike"),
        (["news", "publish", "one", "News1"], "The value 'one' is invalid for '<id>'", "noticectl news publish"),
        (["news", "shout"], "Unexpected argument 'shout'", "noticectl news"),
        (["news", "detail", "1.5"], "The value '1.5' is invalid for '<id>'", "noticectl news detail"),
        (["news", "detail"], "Missing expected argument '<id>'", "noticectl news detail"),
        (["post"], "Missing expected argument '<name>'", "noticectl post"),
        (
            ["post", ""], #"The value '' is invalid for '<name>': invalid notice name "": it is empty"#,
            "noticectl post"
        ),
        (
            ["post", "a\nb"],
            #"The value 'a\nb' is invalid for '<name>': invalid notice name "a\nb": it contains the control character U+000A"#,
            "noticectl post"
        ),
        (
            ["post", "x", "--sender", ""],
            #"The value '' is invalid for '--sender <sender>': invalid sender "": it is empty"#, "noticectl post"
        ),
        (
            ["tail", "--name", ""],
            #"The value '' is invalid for '--name <name>': invalid notice name "": it is empty"#,
            "noticectl tail"
        ),
        (
            ["post", "news.*"],
            #"notice name "news.*" is a pattern ('*' stands for one segment); a notice needs a literal name"#,
            "noticectl post"
        ),
        (
            ["tail", "--name", "a.>.b"],
            #"The value 'a.>.b' is invalid for '--name <name>': invalid notice name "a.>.b": '>' may only be the last segment of a pattern"#,
            "noticectl tail"
        ),
        (["import"], "Missing expected argument '<file>'", "noticectl import"),
        (
            ["demo", "klingons"],
            "unknown scenario 'klingons': choose one of musketeers, airplanes, components, news, search-history, date-planner",
            "noticectl demo"
        ),
        (
            ["demo", "musketeers", "--journal"], "--journal applies to the news and search-history scenarios only",
            "noticectl demo"
        ),
        (["demo", "news", "--db", "x.sqlite"], "--db applies with --journal only", "noticectl demo"),
    ])
    func exitsWithUsage(arguments: [String], message: String, command: String) throws {
        let scratch = TemporaryDirectory()
        let outcome = try NoticectlRunner(in: scratch).run(arguments)
        #expect(outcome == .usageError(message, command: command))
        #expect(try scratch.listing().isEmpty)
    }
}
