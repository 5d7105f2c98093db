/// Notice listings with what differs on every run (fresh ids, posting
/// times) replaced by placeholders, so tests can compare whole outputs.
enum Stable {
    static func text(_ output: String) -> String {
        output
            .replacing(#/"id":"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"/#, with: #""id":"ID""#)
            .replacing(#/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#, with: "TIME")
    }
}
