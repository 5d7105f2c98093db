import NoticeHub

/// What a tool adds to an error's line: for a post refused because the
/// journal's projection handles its name and the tool does not carry that
/// projection, how to get a tool that does.
enum ToolFailureAdvice {
    static func message(for error: any Error, as message: String) -> String {
        guard let error = error as? JournalError, error.code == .projectionMissing,
            let projection = error.projection, !CarriedProjections.carries(projection)
        else { return message }
        return message + "; " + CarriedProjections.howToCarry
    }
}
