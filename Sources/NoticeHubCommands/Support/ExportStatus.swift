/// What `export` shows on a terminal while it writes: `exported 120,000
/// notices`, numbers grouped as import's progress groups them.
enum ExportStatus {
    static func text(_ count: Int) -> String {
        "exported \(CountText.counted(count, "notice"))"
    }
}
