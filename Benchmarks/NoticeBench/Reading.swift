import NoticeHub

/// The journal workloads' payload: six fields, about 100 bytes of JSON.
struct Reading: Codable, Sendable, Equatable {
    var id: Int
    var user: String
    var title: String
    var score: Double
    var flag: Bool
    var tags: [String]

    init(_ index: Int) {
        id = index
        user = "user\(index % 10_000)"
        title = "Breaking news of the day"
        score = Double(index % 1_000) / 4
        flag = index % 2 == 0
        tags = ["a", "bb"]
    }

    /// The same JSON a hand-written program would build with interpolation.
    static func handWritten(_ index: Int) -> String {
        let reading = Reading(index)
        return
            #"{"id":\#(reading.id),"user":"\#(reading.user)","title":"\#(reading.title)","score":\#(reading.score),"flag":\#(reading.flag),"tags":["a","bb"]}"#
    }
}
