import ArgumentParser
import NoticeHub

/// `--metadata key=value` options, read into a notice's metadata.
enum MetadataArgument {
    /// The fields of `arguments`, each `key=value` (the value may hold `=`
    /// and may be empty), checked against ``NoticeMetadata``'s rules.
    static func metadata(of arguments: [String]) throws(ValidationError) -> NoticeMetadata {
        var metadata = NoticeMetadata.empty
        for argument in arguments {
            guard let equals = argument.firstIndex(of: "=") else {
                throw ValidationError("--metadata \(QuotedText.quoted(argument, spelling: .controls)) is not key=value")
            }
            let key = String(argument[..<equals])
            guard metadata[key] == nil else {
                throw ValidationError("--metadata gives \(QuotedText.quoted(key, spelling: .controls)) twice")
            }
            metadata[key] = String(argument[argument.index(after: equals)...])
        }
        if let problem = metadata.problem() { throw ValidationError("--metadata: \(problem)") }
        return metadata
    }
}
