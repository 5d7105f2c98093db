import CBenchAnchor

/// The hand-written C append anchor (`CBenchAnchor`): journal rows inserted
/// through SQLite's C API into a table of the anchor's own making.
final class CAnchor {
    private let anchor: OpaquePointer

    /// Creates the anchor's table in a new file at `path`: with NoticeHub's
    /// guarantees (a unique 16-byte id, a name index) unless `bare`.
    init(path: String, bare: Bool, fullSync: Bool) throws {
        let schema = bare ? c_bench_anchor_bare : c_bench_anchor_indexed
        guard let anchor = c_bench_anchor_open(path, schema, fullSync ? 1 : 0) else {
            throw BenchFailure("C anchor: cannot create a journal at \(path)")
        }
        self.anchor = anchor
    }

    deinit {
        c_bench_anchor_close(anchor)
    }

    /// Inserts `count` rows, in one transaction or each on its own.
    func insert(count: Int, inTransaction: Bool) throws {
        guard c_bench_anchor_insert(anchor, count, inTransaction ? 1 : 0) == 0 else {
            throw BenchFailure("C anchor: \(String(cString: c_bench_anchor_error(anchor)))")
        }
    }

    func count() -> Int {
        c_bench_anchor_count(anchor)
    }
}
