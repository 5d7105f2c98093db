import NoticeJSON

/// The rules a stored row must meet to be a notice this library would have
/// written, for every backend's row check (see ``JournalQuery/checksRows``).
package enum StoredRowRules {
    /// Why the bytes of a name or sender are refused, or nil.
    package static func identifierProblem(
        _ bytes: UnsafeRawBufferPointer, label: String, validate: (String) throws -> Void
    ) -> String? {
        guard let text = String(validating: bytes, as: UTF8.self) else { return "\(label) is not valid UTF-8" }
        do {
            try validate(text)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Why a stored name is refused, or nil: it must be a name a notice may
    /// carry, which a pattern (`news.*`) is not.
    package static func nameProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        identifierProblem(bytes, label: "name") { text in
            let name = try NoticeName(validating: text)
            if name.isPattern { throw NoticeHubError.patternNotPostable(name) }
        }
    }

    /// Why a stored sequence number is refused, or nil: sequences start at 1.
    package static func sequenceProblem(_ sequence: Int64) -> String? {
        sequence < 1 ? "sequence \(sequence) is not positive: sequences start at 1" : nil
    }

    /// Why a stored payload could not be an export's payload, or nil: it
    /// must be JSON that import parses, on one line (the library stores
    /// compact JSON, so a line break is never part of a payload it wrote).
    package static func payloadProblem(_ bytes: UnsafeRawBufferPointer) -> String? {
        do {
            try JSONParser.validate(bytes)
        } catch {
            return "payload is not valid JSON (\(error))"
        }
        return bytes.contains(UInt8(ascii: "\n")) ? "payload is not on one line" : nil
    }

    /// Why a stored posting time is refused, or nil: it must be a time an
    /// export line can spell, so that every exported line imports.
    package static func postedAtProblem(_ postedAt: Int64) -> String? {
        guard TimestampFormat.millisecondRange.contains(postedAt) else {
            return "posted_at \(postedAt) is not a time of the years 0001-9999"
        }
        return nil
    }

    /// Why a stored payload version is refused, or nil: versions are the
    /// positive 32-bit integers a notice carries (``Notice/version``).
    package static func versionProblem(_ version: Int64) -> String? {
        (1...Int64(Int32.max)).contains(version) ? nil : "version \(version) is not one of 1...\(Int32.max)"
    }
}
