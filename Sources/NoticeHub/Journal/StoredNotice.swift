extension Notice {
    /// A notice as a journal backend reads it back: its payload as the JSON
    /// bytes stored, its sequence number, and whether a replay delivers it.
    package init(
        stored id: NoticeID, name: NoticeName, sender: Sender?, postedAtMilliseconds: Int64,
        payloadUTF8: [UInt8], sequence: Int64, isReplay: Bool
    ) {
        self.init(
            id: id, name: name, sender: sender, postedAtMilliseconds: postedAtMilliseconds,
            payload: .jsonUTF8(payloadUTF8), sequence: sequence, isReplay: isReplay)
    }
}
