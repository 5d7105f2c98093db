internal import CSQLite

/// An SQLite result code, primary or extended.
///
/// Connections enable extended result codes, so a thrown code is usually the
/// extended one (`SQLITE_CONSTRAINT_UNIQUE`, 2067) whose low byte is the
/// primary code (`SQLITE_CONSTRAINT`, 19).
///
/// Matching contract (`~=`, used by `switch` and `case` patterns):
/// - a *primary* pattern (`.constraint`) matches itself and every extended
///   code sharing its low byte, so `case .constraint` catches all flavours;
/// - an *extended* pattern (`.constraintUnique`) matches only itself.
///
/// `==` stays exact comparison of the raw values.
package struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The raw value as returned by the SQLite C API.
    package let rawValue: Int32

    package init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Convenience for literals in this file and in call sites.
    package init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The primary code: the low 8 bits, as documented by SQLite.
    package var primary: SQLiteResultCode {
        SQLiteResultCode(rawValue & 0xFF)
    }

    /// True when this code carries extra information beyond its primary code.
    package var isExtended: Bool {
        rawValue != primary.rawValue
    }

    /// The symbolic C name, e.g. `SQLITE_CONSTRAINT_UNIQUE`.
    ///
    /// Extended codes this table does not know (newer SQLite versions) are
    /// named after their primary code, e.g. `SQLITE_IOERR (extended 40)`, so a
    /// message is never left without a name.
    package var name: String {
        if let known = Self.symbolicNames[rawValue] {
            return known
        }
        if isExtended, let primaryName = Self.symbolicNames[primary.rawValue] {
            return "\(primaryName) (extended \(rawValue >> 8))"
        }
        return "SQLITE_UNKNOWN_\(rawValue)"
    }

    /// SQLite's own English explanation of the code (`sqlite3_errstr`),
    /// e.g. "constraint failed". Never nil: SQLite answers "unknown error".
    package var explanation: String {
        guard let text = sqlite3_errstr(rawValue) else { return "unknown error" }
        return String(cString: text)
    }

    package var description: String {
        "\(name) (\(rawValue))"
    }

    /// Pattern matching as documented on the type: primary patterns match
    /// their whole family, extended patterns match exactly.
    package static func ~= (pattern: SQLiteResultCode, code: SQLiteResultCode) -> Bool {
        if pattern.isExtended {
            return pattern.rawValue == code.rawValue
        }
        return pattern.rawValue == code.primary.rawValue
    }

    /// Lets `catch SQLiteResultCode.busy { ... }` match thrown `SQLiteError`s.
    package static func ~= (pattern: SQLiteResultCode, error: any Error) -> Bool {
        guard let error = error as? SQLiteError else { return false }
        return pattern ~= error.code
    }
}

// MARK: - Primary result codes

extension SQLiteResultCode {
    package static let ok = SQLiteResultCode(0)
    package static let error = SQLiteResultCode(1)
    package static let `internal` = SQLiteResultCode(2)
    package static let perm = SQLiteResultCode(3)
    package static let abort = SQLiteResultCode(4)
    package static let busy = SQLiteResultCode(5)
    package static let locked = SQLiteResultCode(6)
    package static let nomem = SQLiteResultCode(7)
    package static let readonly = SQLiteResultCode(8)
    package static let interrupt = SQLiteResultCode(9)
    package static let ioerr = SQLiteResultCode(10)
    package static let corrupt = SQLiteResultCode(11)
    package static let notFound = SQLiteResultCode(12)
    package static let full = SQLiteResultCode(13)
    package static let cantOpen = SQLiteResultCode(14)
    package static let `protocol` = SQLiteResultCode(15)
    package static let empty = SQLiteResultCode(16)
    package static let schema = SQLiteResultCode(17)
    package static let tooBig = SQLiteResultCode(18)
    package static let constraint = SQLiteResultCode(19)
    package static let mismatch = SQLiteResultCode(20)
    package static let misuse = SQLiteResultCode(21)
    package static let noLFS = SQLiteResultCode(22)
    package static let auth = SQLiteResultCode(23)
    package static let format = SQLiteResultCode(24)
    package static let range = SQLiteResultCode(25)
    package static let notADB = SQLiteResultCode(26)
    package static let notice = SQLiteResultCode(27)
    package static let warning = SQLiteResultCode(28)
    package static let row = SQLiteResultCode(100)
    package static let done = SQLiteResultCode(101)
}

// MARK: - Extended result codes (the ones met in practice)

// Written as `primary | n << 8`, exactly as sqlite3.h defines them, so each
// line can be checked against the header by eye.
extension SQLiteResultCode {
    package static let errorMissingCollSeq = SQLiteResultCode(1 | 1 << 8)
    package static let errorRetry = SQLiteResultCode(1 | 2 << 8)
    package static let errorSnapshot = SQLiteResultCode(1 | 3 << 8)

    package static let ioerrRead = SQLiteResultCode(10 | 1 << 8)
    package static let ioerrShortRead = SQLiteResultCode(10 | 2 << 8)
    package static let ioerrWrite = SQLiteResultCode(10 | 3 << 8)
    package static let ioerrFsync = SQLiteResultCode(10 | 4 << 8)
    package static let ioerrDirFsync = SQLiteResultCode(10 | 5 << 8)
    package static let ioerrTruncate = SQLiteResultCode(10 | 6 << 8)
    package static let ioerrFstat = SQLiteResultCode(10 | 7 << 8)
    package static let ioerrUnlock = SQLiteResultCode(10 | 8 << 8)
    package static let ioerrRdLock = SQLiteResultCode(10 | 9 << 8)
    package static let ioerrDelete = SQLiteResultCode(10 | 10 << 8)
    package static let ioerrNomem = SQLiteResultCode(10 | 12 << 8)
    package static let ioerrAccess = SQLiteResultCode(10 | 13 << 8)
    package static let ioerrLock = SQLiteResultCode(10 | 15 << 8)
    package static let ioerrClose = SQLiteResultCode(10 | 16 << 8)
    package static let ioerrShmOpen = SQLiteResultCode(10 | 18 << 8)
    package static let ioerrShmSize = SQLiteResultCode(10 | 19 << 8)
    package static let ioerrShmLock = SQLiteResultCode(10 | 20 << 8)
    package static let ioerrShmMap = SQLiteResultCode(10 | 21 << 8)
    package static let ioerrSeek = SQLiteResultCode(10 | 22 << 8)
    package static let ioerrDeleteNoEnt = SQLiteResultCode(10 | 23 << 8)
    package static let ioerrMmap = SQLiteResultCode(10 | 24 << 8)
    package static let ioerrGetTempPath = SQLiteResultCode(10 | 25 << 8)
    package static let ioerrData = SQLiteResultCode(10 | 32 << 8)
    package static let ioerrCorruptFS = SQLiteResultCode(10 | 33 << 8)

    package static let lockedSharedCache = SQLiteResultCode(6 | 1 << 8)
    package static let lockedVTab = SQLiteResultCode(6 | 2 << 8)

    package static let busyRecovery = SQLiteResultCode(5 | 1 << 8)
    package static let busySnapshot = SQLiteResultCode(5 | 2 << 8)
    package static let busyTimeout = SQLiteResultCode(5 | 3 << 8)

    package static let cantOpenNoTempDir = SQLiteResultCode(14 | 1 << 8)
    package static let cantOpenIsDir = SQLiteResultCode(14 | 2 << 8)
    package static let cantOpenFullPath = SQLiteResultCode(14 | 3 << 8)
    package static let cantOpenConvPath = SQLiteResultCode(14 | 4 << 8)
    package static let cantOpenSymlink = SQLiteResultCode(14 | 6 << 8)

    package static let corruptVTab = SQLiteResultCode(11 | 1 << 8)
    package static let corruptSequence = SQLiteResultCode(11 | 2 << 8)
    package static let corruptIndex = SQLiteResultCode(11 | 3 << 8)

    package static let readonlyRecovery = SQLiteResultCode(8 | 1 << 8)
    package static let readonlyCantLock = SQLiteResultCode(8 | 2 << 8)
    package static let readonlyRollback = SQLiteResultCode(8 | 3 << 8)
    package static let readonlyDBMoved = SQLiteResultCode(8 | 4 << 8)
    package static let readonlyCantInit = SQLiteResultCode(8 | 5 << 8)
    package static let readonlyDirectory = SQLiteResultCode(8 | 6 << 8)

    package static let abortRollback = SQLiteResultCode(4 | 2 << 8)

    package static let constraintCheck = SQLiteResultCode(19 | 1 << 8)
    package static let constraintCommitHook = SQLiteResultCode(19 | 2 << 8)
    package static let constraintForeignKey = SQLiteResultCode(19 | 3 << 8)
    package static let constraintFunction = SQLiteResultCode(19 | 4 << 8)
    package static let constraintNotNull = SQLiteResultCode(19 | 5 << 8)
    package static let constraintPrimaryKey = SQLiteResultCode(19 | 6 << 8)
    package static let constraintTrigger = SQLiteResultCode(19 | 7 << 8)
    package static let constraintUnique = SQLiteResultCode(19 | 8 << 8)
    package static let constraintVTab = SQLiteResultCode(19 | 9 << 8)
    package static let constraintRowID = SQLiteResultCode(19 | 10 << 8)
    package static let constraintPinned = SQLiteResultCode(19 | 11 << 8)
    package static let constraintDataType = SQLiteResultCode(19 | 12 << 8)

    package static let noticeRecoverWAL = SQLiteResultCode(27 | 1 << 8)
    package static let noticeRecoverRollback = SQLiteResultCode(27 | 2 << 8)
    package static let warningAutoIndex = SQLiteResultCode(28 | 1 << 8)
}

// MARK: - Symbolic names

extension SQLiteResultCode {
    /// Symbolic names for every constant above. SQLite has no API for these
    /// (sqlite3_errstr only gives prose), and logs are grepped by them.
    fileprivate static let symbolicNames: [Int32: String] = {
        let pairs: [(SQLiteResultCode, String)] = [
            (.ok, "SQLITE_OK"), (.error, "SQLITE_ERROR"), (.internal, "SQLITE_INTERNAL"),
            (.perm, "SQLITE_PERM"), (.abort, "SQLITE_ABORT"), (.busy, "SQLITE_BUSY"),
            (.locked, "SQLITE_LOCKED"), (.nomem, "SQLITE_NOMEM"), (.readonly, "SQLITE_READONLY"),
            (.interrupt, "SQLITE_INTERRUPT"), (.ioerr, "SQLITE_IOERR"), (.corrupt, "SQLITE_CORRUPT"),
            (.notFound, "SQLITE_NOTFOUND"), (.full, "SQLITE_FULL"), (.cantOpen, "SQLITE_CANTOPEN"),
            (.protocol, "SQLITE_PROTOCOL"), (.empty, "SQLITE_EMPTY"), (.schema, "SQLITE_SCHEMA"),
            (.tooBig, "SQLITE_TOOBIG"), (.constraint, "SQLITE_CONSTRAINT"),
            (.mismatch, "SQLITE_MISMATCH"), (.misuse, "SQLITE_MISUSE"), (.noLFS, "SQLITE_NOLFS"),
            (.auth, "SQLITE_AUTH"), (.format, "SQLITE_FORMAT"), (.range, "SQLITE_RANGE"),
            (.notADB, "SQLITE_NOTADB"), (.notice, "SQLITE_NOTICE"), (.warning, "SQLITE_WARNING"),
            (.row, "SQLITE_ROW"), (.done, "SQLITE_DONE"),

            (.errorMissingCollSeq, "SQLITE_ERROR_MISSING_COLLSEQ"),
            (.errorRetry, "SQLITE_ERROR_RETRY"), (.errorSnapshot, "SQLITE_ERROR_SNAPSHOT"),

            (.ioerrRead, "SQLITE_IOERR_READ"), (.ioerrShortRead, "SQLITE_IOERR_SHORT_READ"),
            (.ioerrWrite, "SQLITE_IOERR_WRITE"), (.ioerrFsync, "SQLITE_IOERR_FSYNC"),
            (.ioerrDirFsync, "SQLITE_IOERR_DIR_FSYNC"), (.ioerrTruncate, "SQLITE_IOERR_TRUNCATE"),
            (.ioerrFstat, "SQLITE_IOERR_FSTAT"), (.ioerrUnlock, "SQLITE_IOERR_UNLOCK"),
            (.ioerrRdLock, "SQLITE_IOERR_RDLOCK"), (.ioerrDelete, "SQLITE_IOERR_DELETE"),
            (.ioerrNomem, "SQLITE_IOERR_NOMEM"), (.ioerrAccess, "SQLITE_IOERR_ACCESS"),
            (.ioerrLock, "SQLITE_IOERR_LOCK"), (.ioerrClose, "SQLITE_IOERR_CLOSE"),
            (.ioerrShmOpen, "SQLITE_IOERR_SHMOPEN"), (.ioerrShmSize, "SQLITE_IOERR_SHMSIZE"),
            (.ioerrShmLock, "SQLITE_IOERR_SHMLOCK"), (.ioerrShmMap, "SQLITE_IOERR_SHMMAP"),
            (.ioerrSeek, "SQLITE_IOERR_SEEK"), (.ioerrDeleteNoEnt, "SQLITE_IOERR_DELETE_NOENT"),
            (.ioerrMmap, "SQLITE_IOERR_MMAP"), (.ioerrGetTempPath, "SQLITE_IOERR_GETTEMPPATH"),
            (.ioerrData, "SQLITE_IOERR_DATA"), (.ioerrCorruptFS, "SQLITE_IOERR_CORRUPTFS"),

            (.lockedSharedCache, "SQLITE_LOCKED_SHAREDCACHE"), (.lockedVTab, "SQLITE_LOCKED_VTAB"),

            (.busyRecovery, "SQLITE_BUSY_RECOVERY"), (.busySnapshot, "SQLITE_BUSY_SNAPSHOT"),
            (.busyTimeout, "SQLITE_BUSY_TIMEOUT"),

            (.cantOpenNoTempDir, "SQLITE_CANTOPEN_NOTEMPDIR"),
            (.cantOpenIsDir, "SQLITE_CANTOPEN_ISDIR"),
            (.cantOpenFullPath, "SQLITE_CANTOPEN_FULLPATH"),
            (.cantOpenConvPath, "SQLITE_CANTOPEN_CONVPATH"),
            (.cantOpenSymlink, "SQLITE_CANTOPEN_SYMLINK"),

            (.corruptVTab, "SQLITE_CORRUPT_VTAB"), (.corruptSequence, "SQLITE_CORRUPT_SEQUENCE"),
            (.corruptIndex, "SQLITE_CORRUPT_INDEX"),

            (.readonlyRecovery, "SQLITE_READONLY_RECOVERY"),
            (.readonlyCantLock, "SQLITE_READONLY_CANTLOCK"),
            (.readonlyRollback, "SQLITE_READONLY_ROLLBACK"),
            (.readonlyDBMoved, "SQLITE_READONLY_DBMOVED"),
            (.readonlyCantInit, "SQLITE_READONLY_CANTINIT"),
            (.readonlyDirectory, "SQLITE_READONLY_DIRECTORY"),

            (.abortRollback, "SQLITE_ABORT_ROLLBACK"),

            (.constraintCheck, "SQLITE_CONSTRAINT_CHECK"),
            (.constraintCommitHook, "SQLITE_CONSTRAINT_COMMITHOOK"),
            (.constraintForeignKey, "SQLITE_CONSTRAINT_FOREIGNKEY"),
            (.constraintFunction, "SQLITE_CONSTRAINT_FUNCTION"),
            (.constraintNotNull, "SQLITE_CONSTRAINT_NOTNULL"),
            (.constraintPrimaryKey, "SQLITE_CONSTRAINT_PRIMARYKEY"),
            (.constraintTrigger, "SQLITE_CONSTRAINT_TRIGGER"),
            (.constraintUnique, "SQLITE_CONSTRAINT_UNIQUE"),
            (.constraintVTab, "SQLITE_CONSTRAINT_VTAB"),
            (.constraintRowID, "SQLITE_CONSTRAINT_ROWID"),
            (.constraintPinned, "SQLITE_CONSTRAINT_PINNED"),
            (.constraintDataType, "SQLITE_CONSTRAINT_DATATYPE"),

            (.noticeRecoverWAL, "SQLITE_NOTICE_RECOVER_WAL"),
            (.noticeRecoverRollback, "SQLITE_NOTICE_RECOVER_ROLLBACK"),
            (.warningAutoIndex, "SQLITE_WARNING_AUTOINDEX"),
        ]
        return Dictionary(uniqueKeysWithValues: pairs.map { ($0.0.rawValue, $0.1) })
    }()
}
