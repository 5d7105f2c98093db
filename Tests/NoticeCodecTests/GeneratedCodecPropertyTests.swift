#if GeneratedCodecs
    import Foundation
    import NoticeHub
    import NoticeJSON
    import Testing
    import TestSupport

    /// The generated codecs against the `Codable` path, on random values: the same bytes
    /// written, the same values read, each path reading what the other wrote.
    @Suite("Generated codecs")
    struct GeneratedCodecPropertyTests {
        /// The text the hub journals for `value`: through the generated encoder.
        func generatedText<T: Encodable & Sendable>(_ value: T) throws -> String {
            try NoticeHub().post("codec.value", payload: value).payloadJSON()
        }

        /// `text` read as a `T` by the hub: through the generated decoder.
        func generatedValue<T: Decodable>(_ type: T.Type, from text: String) throws -> T {
            try NoticeHub().post("codec.value", json: text).decode(T.self)
        }

        @Test func bothPathsWriteTheSameBytesAndReadBackTheSameValues() throws {
            // The macro made the conformance the hub looks for.
            #expect((EveryField.self as Any.Type) is any NoticeJSONCodable.Type)
            var random = RandomPayloads(seed: 0x5EED_C0DE)
            for _ in 0..<2_000 {
                let value = random.everyField()
                let codable = try PayloadEncoder().encodeToString(value)
                let generated = try generatedText(value)
                #expect(generated == codable)
                if generated != codable { return }
                #expect(try generatedValue(EveryField.self, from: generated) == value)
                #expect(try PayloadDecoder().decode(EveryField.self, from: generated) == value)
            }
        }

        @Test func theBenchmarksShapeAndAnEmptyMessageMatchToo() throws {
            var random = RandomPayloads(seed: 42)
            for _ in 0..<500 {
                let reading = PublicReading(
                    id: random.integer(), user: random.string(), title: random.string(), score: random.double(),
                    flag: random.chance(2), tags: random.array { $0.string() })
                let text = try generatedText(reading)
                #expect(text == (try PayloadEncoder().encodeToString(reading)))
                #expect(try generatedValue(PublicReading.self, from: text) == reading)
            }
            #expect(try generatedText(Nothing()) == "{}")
            #expect(try generatedValue(Nothing.self, from: #"{"extra":1}"#) == Nothing())
        }

        @Test func theGeneratedDecoderReadsWhatTheCodableDecoderReads() throws {
            let documents = [
                // Another order, an extra member, a duplicated key (the first wins), escaped keys.
                #"{"score":null,"extra":[1,{"a":2}],"name":"b","name":"c"}"#,
                #"{"\u006eame":"\u00e9\ud83d\ude00","score":1e3}"#,
                #"{"name":"x","score":-0.0}"#,
                #"{"name":"x"}"#,
            ]
            for document in documents {
                #expect(
                    try generatedValue(Inner.self, from: document)
                        == PayloadDecoder().decode(Inner.self, from: document))
            }
        }

        @Test func bothPathsRefuseTheSameValuesAndDocuments() throws {
            var random = RandomPayloads(seed: 7)
            var value = random.everyField()
            value.inners = [Inner(name: "n", score: .infinity)]
            #expect(throws: NoticeHubError.self) { try generatedText(value) }
            #expect(throws: EncodingError.self) { try PayloadEncoder().encodeToString(value) }

            let refused = [
                #"{"score":1}"#, // name is missing
                #"{"name":5}"#, // name is not a string
                #"{"name":"x","score":"high"}"#,
                #"{"name":"x","score":1e400}"#, // out of Double's range
                #"["name"]"#,
            ]
            for document in refused {
                #expect(throws: NoticeHubError.self) { try generatedValue(Inner.self, from: document) }
                #expect(throws: DecodingError.self) { try PayloadDecoder().decode(Inner.self, from: document) }
            }
            let wide = #"{"name":"x","score":1,"n":300}"#
            #expect(throws: NoticeHubError.self) {
                try NoticeHub().post("codec.value", json: wide).decode(Narrow.self)
            }
        }

        @Test func aJournalReplaysGeneratedMessagesIntoTypedObservers() throws {
            let directory = TemporaryDirectory()
            let path = directory.path("journal.sqlite")
            var random = RandomPayloads(seed: 99)
            let values = (0..<50).map { _ in random.everyField() }
            do {
                let hub = try NoticeHub(journal: SQLiteJournal(path: path))
                for value in values { try hub.post(value, sender: "test") }
                try hub.close()
            }
            let hub = try NoticeHub(journal: SQLiteJournal(path: path))
            defer { try? hub.close() }
            let seen = Locked<[EveryField]>([])
            let token = hub.observe(EveryField.self) { value, _ in seen.withLock { $0.append(value) } }
            #expect(try hub.journal.replay() == values.count)
            withExtendedLifetime(token) {}
            #expect(seen.withLock { $0 } == values)
        }
    }

    /// A field too narrow for the number in the document.
    @NoticeCodec
    struct Narrow: Codable, Equatable {
        var n: UInt8
    }
#endif
