import Foundation
import NoticeHub

/// The check ``JournalQuery/checksRows`` asks for: whether a stored row is
/// a notice the library would have written, so that its export line imports.
///
/// The library's own rules for stored rows are not public, so the check
/// asks what is: the row's export line (``NoticeLine/encode(_:)``) must
/// read back (``NoticeLine/decode(_:)``, which applies the naming rules, the
/// years 0001-9999 and the library's JSON parser), and the payload alone
/// must be one line of one JSON value (Foundation's parser), so that it
/// cannot spill into the line's other fields. Rows appended through a hub
/// always pass; a row appended straight through a connection may not.
enum RowCheck {
    /// Why `row` is refused, or nil.
    static func problem(in row: StoredNotice) -> String? {
        if row.payloadJSON.contains(UInt8(ascii: "\n")) || row.payloadJSON.contains(UInt8(ascii: "\r")) {
            return "payload is not on one line"
        }
        do {
            _ = try JSONSerialization.jsonObject(with: Data(row.payloadJSON), options: [.fragmentsAllowed])
        } catch {
            return "payload is not valid JSON"
        }
        do {
            _ = try NoticeLine.decode(try NoticeLine.encode(row.notice(isReplay: false)))
        } catch {
            return "\(error)"
        }
        return nil
    }
}
