@testable import NoticeHubCore
@testable import NoticeHubSQLite
import Testing

struct QuotedTextTests {
    private static let text = "a \"b\" \\ \n\t\r\u{7}\u{7F}\u{85}\u{200B}\u{A0}\u{2028}é😀"

    @Test func messagesSpellControlCharactersOnly() {
        #expect(
            QuotedText.quoted(Self.text, spelling: .controls)
                == #""a \"b\" \\ \n\t\r\u{7}\u{7F}\u{85}"# + "\u{200B}\u{A0}\u{2028}é😀\"")
    }

    @Test func fieldsAlsoSpellFormatCharactersAndSeparators() {
        #expect(
            QuotedText.quoted(Self.text, spelling: .invisibles)
                == #""a \"b\" \\ \n\t\r\u{7}\u{7F}\u{85}\u{200B}\u{A0}\u{2028}"# + "é😀\"")
    }

    @Test func identifierRulesQuoteAsMessagesDo() {
        #expect(IdentifierRules.quoted(Self.text) == QuotedText.quoted(Self.text, spelling: .controls))
        #expect(IdentifierRules.quoted("") == #""""#)
    }
}
