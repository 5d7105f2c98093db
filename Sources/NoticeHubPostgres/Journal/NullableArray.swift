#if Postgres
    import NIOCore
    import PostgresNIO

    /// A one-dimensional array parameter whose elements may be NULL, which
    /// postgres-nio's own arrays cannot hold: a missing sender, kind,
    /// conversation or cause in a batch bound as arrays.
    struct NullableArray<Element: PostgresArrayEncodable & PostgresNonThrowingEncodable>: PostgresNonThrowingEncodable {
        var elements: [Element?] = []

        static var psqlType: PostgresDataType { Element.psqlArrayType }
        static var psqlFormat: PostgresFormat { .binary }

        /// PostgreSQL's binary array: dimensions, whether any element is NULL,
        /// the element type, then the length and lower bound of the one
        /// dimension, and each element as its length (-1 for NULL) and bytes.
        func encode<JSONEncoder: PostgresJSONEncoder>(
            into buffer: inout ByteBuffer, context: PostgresEncodingContext<JSONEncoder>
        ) {
            buffer.writeInteger(elements.isEmpty ? 0 : 1, as: Int32.self)
            buffer.writeInteger(elements.contains { $0 == nil } ? 1 : 0, as: Int32.self)
            buffer.writeInteger(Element.psqlType.rawValue)
            guard !elements.isEmpty else { return }
            buffer.writeInteger(Int32(elements.count))
            buffer.writeInteger(1, as: Int32.self)
            for element in elements {
                guard let element else {
                    buffer.writeInteger(-1, as: Int32.self)
                    continue
                }
                let lengthIndex = buffer.writerIndex
                buffer.writeInteger(0, as: Int32.self)
                let start = buffer.writerIndex
                element.encode(into: &buffer, context: context)
                buffer.setInteger(Int32(buffer.writerIndex - start), at: lengthIndex)
            }
        }
    }
#endif
