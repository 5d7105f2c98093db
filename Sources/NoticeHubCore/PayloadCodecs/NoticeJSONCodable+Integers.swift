import NoticeJSON

// The integers write their decimal digits and read any JSON number that is an integer in
// their range, as NoticeHub's `Codable` coders do.

extension Int: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(Int64(self))
    }

    /// Reads a number that is an integer in the range of `Int`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Int.self)
    }
}

extension Int8: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(Int64(self))
    }

    /// Reads a number that is an integer in the range of `Int8`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Int8.self)
    }
}

extension Int16: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(Int64(self))
    }

    /// Reads a number that is an integer in the range of `Int16`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Int16.self)
    }
}

extension Int32: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(Int64(self))
    }

    /// Reads a number that is an integer in the range of `Int32`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Int32.self)
    }
}

extension Int64: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(Int64(self))
    }

    /// Reads a number that is an integer in the range of `Int64`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(Int64.self)
    }
}

extension UInt: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(UInt64(self))
    }

    /// Reads a number that is an integer in the range of `UInt`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(UInt.self)
    }
}

extension UInt8: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(UInt64(self))
    }

    /// Reads a number that is an integer in the range of `UInt8`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(UInt8.self)
    }
}

extension UInt16: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(UInt64(self))
    }

    /// Reads a number that is an integer in the range of `UInt16`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(UInt16.self)
    }
}

extension UInt32: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(UInt64(self))
    }

    /// Reads a number that is an integer in the range of `UInt32`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(UInt32.self)
    }
}

extension UInt64: NoticeJSONCodable {
    /// Writes the decimal digits of the integer.
    public func writeNoticeJSON(to writer: inout NoticeJSONWriter) throws {
        writer.bytes.writeInteger(UInt64(self))
    }

    /// Reads a number that is an integer in the range of `UInt64`.
    public init(noticeJSON json: NoticeJSONValue) throws {
        self = try json.tape.scalar(UInt64.self)
    }
}
