import Foundation
import NoticeHub
import Testing

/// Retention by name: rules kept in the journal, each removing the oldest
/// notices of the names it matches from among the others, and a journal
/// whose check tells the holes they leave from rows deleted behind its back.
struct NameRetentionChecks {
    /// Ten `sensor.reading` notices (odd numbers 1-19) between ten
    /// `order.placed` ones (even numbers 2-20); returns their posting times.
    @discardableResult
    private static func interleave(_ hub: NoticeHub) throws -> [Int64] {
        var times: [Int64] = []
        for index in 1...10 {
            times.append(try hub.post("sensor.reading", payload: "x\(index % 10)").postedAtMilliseconds)
            try hub.post("order.placed", payload: index)
        }
        return times
    }

    private static func sequences(_ hub: NoticeHub, named name: NoticeName) throws -> [Int64] {
        var found: [Int64] = []
        try hub.journal.read(JournalQuery(names: [name])) {
            found.append($0.sequence ?? 0)
            return true
        }
        return found
    }

    func aRuleRemovesTheOldestNoticesOfItsNamesOnly(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        try Self.interleave(hub)
        let policy = RetentionPolicy(byName: [NameRetention("sensor.*", maxCount: 3)])
        try hub.journal.setRetentionPolicy(policy)
        #expect(try place.hub().journal.retentionPolicy() == policy)

        let outcome = try hub.journal.applyRetention()
        #expect(outcome == RetentionOutcome(trim: nil, heldBackBy: nil, removedByName: ["sensor.reading": 7]))
        #expect(try Self.sequences(hub, named: "sensor.reading") == [15, 17, 19])
        #expect(try Self.sequences(hub, named: "order.placed") == Array(stride(from: 2, through: 20, by: 2)))
        let statistics = try hub.journal.statistics()
        #expect(statistics.notices == 13)
        #expect(statistics.byName.first { $0.name == "sensor.reading" }?.count == 3)
        #expect(try hub.journal.firstRetainedSequence() == 1, "no trim: the journal still starts at #1")
        #expect(try hub.journal.applyRetention() == RetentionOutcome(trim: nil, heldBackBy: nil))

        // The holes are the journal's own: its check finds nothing, and a
        // check from a checkpoint counts them.
        let checked = try hub.journal.malformedRows()
        #expect(checked.isEmpty, "\(checked)")
        try hub.post("order.placed", payload: 11)
        #expect(try Self.sequences(hub, named: "order.placed").last == 21, "numbers are never reused")
        #expect(try hub.journal.malformedRows(after: checked.checkedThrough).isEmpty)

        if backend.capabilities.contains(.behindTheBackSQL) {
            try place.runSQL("DELETE FROM notices WHERE seq = 8")
            let tampered = try hub.journal.malformedRows()
            #expect(tampered.gaps == [8...8], "only the row deleted behind its back is a gap")
            #expect(tampered.miscounted == [MiscountedName(name: "order.placed", counted: 11, held: 10)])
        }
    }

    func rulesLimitAgeAndBytesAndKeepWhatTheJournalNeeds(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        let times = try Self.interleave(hub)
        // Payloads of 4 bytes ("x1" with its quotes): 10 bytes keep the newest two.
        try hub.journal.setRetentionPolicy(RetentionPolicy(byName: [NameRetention("sensor.reading", maxBytes: 10)]))
        #expect(try hub.journal.applyRetention().removedByName == ["sensor.reading": 8])
        #expect(try Self.sequences(hub, named: "sensor.reading") == [17, 19])

        // Everything is old now, but the journal's last notice stays, and so
        // does what a durable subscriber has not handled.
        try hub.post("sensor.reading", payload: "x0")
        try place.open().connect(durability: .always).saveCursor(18, of: "indexer")
        try hub.journal.setRetentionPolicy(
            RetentionPolicy(byName: [NameRetention("sensor.*", maxAge: .milliseconds(1)), NameRetention("order.>")]))
        #expect(try hub.journal.retentionPolicy().byName == [NameRetention("sensor.*", maxAge: .milliseconds(1))])
        let outcome = try hub.journal.applyRetention(now: times[9] + 60_000)
        #expect(outcome.removedByName == ["sensor.reading": 1])
        #expect(outcome.heldBackBy == "indexer")
        #expect(try Self.sequences(hub, named: "sensor.reading") == [19, 21])
        try place.open().connect(durability: .always).saveCursor(21, of: "indexer")
        #expect(try hub.journal.applyRetention(now: times[9] + 60_000).removedByName == ["sensor.reading": 1])
        #expect(try Self.sequences(hub, named: "sensor.reading") == [21])
        #expect(try hub.journal.malformedRows().isEmpty)

        // A trim past the holes forgets them, and the journal checks sound.
        #expect(try hub.journal.trim(through: 15).removed == 7)
        let checked = try hub.journal.malformedRows()
        #expect(checked.isEmpty, "\(checked)")
        #expect(try hub.journal.malformedRows(after: 16).isEmpty)
    }

    func aRuleKeepsTheLatestNoticeOfEachKey(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for (device, state) in [("a", "on"), ("b", "on"), (nil, "off"), ("a", "off"), ("b", "off"), ("a", "on")] {
            var payload = ["state": state]
            if let device { payload["device"] = device }
            try hub.post("device.status", payload: payload)
            if device == nil { try hub.post("order.placed", payload: 1) }
        }
        try hub.post("order.placed", payload: 2)
        let policy = RetentionPolicy(byName: [NameRetention("device.*", keepingLatestBy: "device")])
        try hub.journal.setRetentionPolicy(policy)
        #expect(try place.hub().journal.retentionPolicy() == policy)

        // a: #1, #5, #7; b: #2, #6; #3 has no device, and stays.
        #expect(try hub.journal.applyRetention().removedByName == ["device.status": 3])
        #expect(try Self.sequences(hub, named: "device.status") == [3, 6, 7])
        #expect(try hub.journal.applyRetention().removedByName == [:])
        #expect(try hub.journal.malformedRows().isEmpty)
        #expect(try hub.journal.statistics().notices == 5)
    }

    func badRulesAndRulesOverAProjectionsNamesAreRefused(backend: ConformanceBackend) throws {
        let place = try backend.makePlace()
        let hub = try place.hub()
        for rule in [
            NameRetention("sensor.*", maxCount: 0), NameRetention("sensor.*", maxAge: .zero),
            NameRetention("sensor.*", maxBytes: -1), NameRetention("sensor.*", keepingLatestBy: ""),
        ] {
            #expect(throws: JournalError.self) { try hub.journal.setRetentionPolicy(RetentionPolicy(byName: [rule])) }
        }
        #expect {
            try hub.journal.setRetentionPolicy(
                RetentionPolicy(byName: [NameRetention("a.b", maxCount: 1), NameRetention("a.b", maxCount: 2)]))
        } throws: { "\($0)".contains(#"gives "a.b" two rules"#) }
        #expect(try hub.journal.retentionPolicy() == .keepEverything)

        guard backend.capabilities.contains(.projections) else { return }
        let owner = try place.hub(projections: [ProjectionLifecycleChecks.Clicks()])
        try owner.post("page.clicked", payload: "home")
        #expect {
            try owner.journal.setRetentionPolicy(RetentionPolicy(byName: [NameRetention("page.*", maxCount: 1)]))
        } throws: { error in
            "\(error)".contains(#"projection "test.clicks" handles"#)
        }
        #expect(try owner.journal.retentionPolicy() == .keepEverything)
    }
}
