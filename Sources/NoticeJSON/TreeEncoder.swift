import Foundation

/// The general-purpose fallback of `PayloadEncoder`: builds a tree of `TreeNode`s, then
/// writes it out. Slower than `StreamingEncoder` but accepts every call order the
/// `Encoder` protocol allows (containers used out of order, `superEncoder`, errors
/// caught mid-way), with Foundation's semantics except that keys keep call order and a
/// key encoded twice appears twice.
package final class TreeEncoder: Encoder {
    /// Errors from non-throwing protocol methods, surfaced when encoding finishes.
    final class Context {
        var error: EncodingError?

        func fail(_ path: [any CodingKey], _ message: String) {
            if error == nil {
                error = EncodingError.invalidValue(
                    message, EncodingError.Context(codingPath: path, debugDescription: message))
            }
        }
    }

    let node: TreeNode
    package let codingPath: [any CodingKey]
    let context: Context
    package var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: TreeNode, codingPath: [any CodingKey], context: Context) {
        self.node = node
        self.codingPath = codingPath
        self.context = context
    }

    /// Encodes a complete document.
    package static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let root = TreeNode()
        let encoder = TreeEncoder(node: root, codingPath: [], context: Context())
        try encoder.encode(value, into: root, codingPath: [])
        if let error = encoder.context.error { throw error }
        if root.kind == .empty {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var writer = ByteWriter()
        root.write(into: &writer)
        return writer.bytes
    }

    /// Encodes `value` into `node`, honouring the special-cased types.
    func encode<T: Encodable>(_ value: T, into node: TreeNode, codingPath: [any CodingKey]) throws {
        var writer = ByteWriter(capacity: 32)
        if try EncodingSpecialCases.write(value, into: &writer, codingPath: codingPath) {
            node.kind = .fragment
            node.fragment = writer.bytes
            return
        }
        try value.encode(to: TreeEncoder(node: node, codingPath: codingPath, context: context))
    }

    /// Claims `node` for a container of `kind`; a node already holding something else
    /// is an error (Foundation traps here), reported when encoding finishes.
    func claim(_ node: TreeNode, as kind: TreeNode.Kind, path: [any CodingKey]) -> TreeNode {
        if node.kind == .empty { node.kind = kind }
        if node.kind == kind { return node }
        context.fail(
            path,
            "cannot request a \(kind == .object ? "keyed" : "unkeyed") container for a value that already encoded something else"
        )
        let detached = TreeNode()
        detached.kind = kind
        return detached
    }

    package func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(
            TreeKeyedContainer<Key>(
                encoder: self, node: claim(node, as: .object, path: codingPath), codingPath: codingPath))
    }

    package func unkeyedContainer() -> any UnkeyedEncodingContainer {
        TreeUnkeyedContainer(encoder: self, node: claim(node, as: .array, path: codingPath), codingPath: codingPath)
    }

    package func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueContainer(encoder: self, node: node, codingPath: codingPath)
    }
}
