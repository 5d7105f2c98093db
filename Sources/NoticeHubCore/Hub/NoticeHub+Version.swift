extension NoticeHub {
    /// This release of NoticeHub: the one place the version is written.
    /// `noticectl --version` prints it and the newest release heading of
    /// `CHANGELOG.md` carries it; a test holds the three together.
    package static let release = "0.3.0"
}
