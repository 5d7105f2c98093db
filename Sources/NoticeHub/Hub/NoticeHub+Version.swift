extension NoticeHub {
    /// This release of NoticeHub: the one place the version is written.
    /// `noticectl --version` prints it, the release's git tag and the newest
    /// heading of `CHANGELOG.md` carry it, and a test holds them together.
    public static let version = "0.2.0"
}
