/// The journal's rows that the library would refuse (see
/// ``JournalQuery/checksRows``), or that `noticectl import` would: how
/// many, and the first few. ``isEmpty`` also covers the sequence numbers
/// missing between rows and the kept counts that disagree with the rows,
/// which `noticectl verify` lists.
public struct MalformedRows: Sendable, Equatable {
    /// Every malformed row of the journal.
    public var count = 0
    /// The first of them, in sequence order, each naming its row and its
    /// first problem (``JournalError/malformedRow(sequence:problem:)``).
    public var listed: [JournalError] = []
    /// Every run of sequence numbers no row holds: the journal numbers its
    /// notices from 1 without a gap, so rows were deleted behind its back.
    package var gapCount = 0
    /// The first of those runs, in order, as many as rows are listed.
    package var gaps: [ClosedRange<Int64>] = []
    /// The names whose notices the journal's kept counts (``JournalStatistics/byName``)
    /// number differently from its rows, in name order: rows inserted or
    /// deleted behind its back. Empty when the read checked part of the
    /// journal only.
    package var miscounted: [MiscountedName] = []

    /// When only the rows after a checkpoint were read: the journal's
    /// counts and the span of its sequence numbers, if they disagree.
    package var miscountedSpan: CountedSpan?
    /// How many of the sequence numbers the check covered belong to notices
    /// erased on purpose (``HubJournal/erase(_:names:)``): holes the journal
    /// made and recorded, counted here and neither gaps nor damage.
    public var erased: Int64 = 0
    /// The last sequence number the check covered: a checkpoint for the
    /// next when this one is empty.
    public var checkedThrough: Int64 = 0

    /// Whether the journal holds neither a malformed row nor a gap, and its
    /// counts agree with its rows.
    public var isEmpty: Bool { count == 0 && gapCount == 0 && miscounted.isEmpty && miscountedSpan == nil }
}

/// The journal's count of notices against the span of its sequence numbers,
/// which it fills without a gap but for the notices rules by name removed.
package struct CountedSpan: Sendable, Equatable, CustomStringConvertible {
    /// How many notices the journal's counts say it holds.
    package var counted: Int
    /// How many numbers of the span belong to notices a rule by name
    /// (``RetentionPolicy/byName``) removed.
    package var removed: Int64
    /// Its lowest and highest sequence numbers.
    package var first: Int64
    /// See ``first``.
    package var last: Int64

    package init(counted: Int, removed: Int64 = 0, first: Int64, last: Int64) {
        self.counted = counted
        self.removed = removed
        self.first = first
        self.last = last
    }

    /// `the journal counts 4 notices, but #1-#5 are 5`, or with notices
    /// removed by name, `the journal counts 4 notices and 2 removed by name, but #1-#7 are 7`.
    package var description: String {
        let removedText = removed == 0 ? "" : " and \(removed) removed by name"
        return "the journal counts \(counted) notices\(removedText), but #\(first)-#\(last) are \(last - first + 1)"
    }
}

/// A name whose kept count of notices disagrees with the journal's rows.
package struct MiscountedName: Sendable, Equatable, CustomStringConvertible {
    /// The notice name.
    package var name: String
    /// How many notices of the name the journal's counts say it holds.
    package var counted: Int
    /// How many rows of the name it holds.
    package var held: Int

    package init(name: String, counted: Int, held: Int) {
        self.name = name
        self.counted = counted
        self.held = held
    }

    /// `notices named plane.moved: counted 3, the journal holds 2`.
    package var description: String {
        "notices named \(name): counted \(counted), the journal holds \(held)"
    }
}
