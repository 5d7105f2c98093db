import Foundation
import NoticeHub

/// Sleeps a random 0...`longest` inside one append transaction in `oneIn`:
/// a transaction that took its place in the journal and commits late.
struct StallingProjection: Projection {
    let schema = ProjectionSchema(identity: "probe.stall", tables: [], migrations: [])
    let names: Set<NoticeName> = ["probe"]
    let oneIn: Int
    let longest: Duration

    func apply(_ notice: Notice, to store: any ProjectionStore) throws {
        guard Int.random(in: 0..<oneIn) == 0 else { return }
        usleep(UInt32(Int.random(in: 0...Int(longest / .microseconds(1)))))
    }
}
