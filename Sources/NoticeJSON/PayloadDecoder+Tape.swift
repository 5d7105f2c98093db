extension PayloadDecoder {
    /// Parses `bytes` into a tape and hands `body` its root value, for a payload type that
    /// reads the tape itself. Malformed JSON throws what `decode` throws for it.
    package func withTape<R>(_ bytes: UnsafeRawBufferPointer, _ body: (TapeValue) throws -> R) throws -> R {
        try TapeScratch.withLease { lease in
            let tape: JSONTape
            do {
                tape = try JSONTapeParser.parse(bytes, scratch: lease.entries)
            } catch {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(
                        codingPath: [], debugDescription: "The given data was not valid JSON: \(error)",
                        underlyingError: error))
            }
            defer { tape.release() }
            let decoder = lease.decoder(tape: tape, base: bytes.baseAddress!.assumingMemoryBound(to: UInt8.self))
            return try body(TapeValue(reader: decoder.reader, index: 0, decoder: decoder))
        }
    }
}
