import Foundation

/// One value under construction in `TreeEncoder`. Containers keep a reference to their
/// node, which is what lets them be written to in any order.
///
/// Members and elements live in separate stored arrays (not enum payloads) so appends
/// mutate in place instead of copying the array each time.
final class TreeNode {
    enum Kind {
        /// Nothing encoded yet; written as `{}` like Foundation does.
        case empty
        /// A finished scalar, already rendered as JSON bytes.
        case fragment
        case object
        case array
    }

    var kind = Kind.empty
    var fragment: [UInt8] = []
    var members: [(key: String, node: TreeNode)] = []
    var elements: [TreeNode] = []

    func setFragment(_ body: (inout ByteWriter) throws -> Void) rethrows {
        var writer = ByteWriter(capacity: 32)
        try body(&writer)
        kind = .fragment
        fragment = writer.bytes
    }

    func write(into writer: inout ByteWriter) {
        switch kind {
        case .empty:
            writer.append(UInt8(ascii: "{"), UInt8(ascii: "}"))
        case .fragment:
            fragment.withUnsafeBufferPointer { writer.append($0) }
        case .object:
            writer.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                writer.writeString(member.key)
                writer.append(UInt8(ascii: ":"))
                member.node.write(into: &writer)
            }
            writer.append(UInt8(ascii: "}"))
        case .array:
            writer.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { writer.append(UInt8(ascii: ",")) }
                element.write(into: &writer)
            }
            writer.append(UInt8(ascii: "]"))
        }
    }
}
