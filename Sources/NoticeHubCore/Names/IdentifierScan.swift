/// One pass over an identifier's UTF-8 bytes, gathering what validating it,
/// fingerprinting it and telling a pattern need: a post of a name and a
/// sender given as text makes both, and three passes over each cost about a
/// twentieth of a journaled post.
struct IdentifierScan {
    /// ``IdentifierRules/fingerprint(_:)`` of the text.
    private(set) var fingerprint: UInt64 = 0xcbf2_9ce4_8422_2325
    private(set) var byteCount = 0
    /// The first ASCII control byte (below 0x20, or 0x7F), if any.
    private(set) var controlByte: UInt8?
    private(set) var isASCII = true
    /// Whether any byte is `*` or `>`; only then can the text be a pattern.
    private(set) var holdsWildcardByte = false

    init(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            byteCount = bytes.count
            for byte in bytes {
                fingerprint = (fingerprint ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
                if byte < 0x20 || byte == 0x7F {
                    if controlByte == nil { controlByte = byte }
                } else if byte >= 0x80 {
                    isASCII = false
                } else if byte == UInt8(ascii: "*") || byte == UInt8(ascii: ">") {
                    holdsWildcardByte = true
                }
            }
        }
    }
}
