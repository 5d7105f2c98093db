@testable import NoticeDemos
import Testing

struct DemoOutputTests {
    @Test(arguments: Demo.allCases)
    func eachDemoPrintsTheDocumentsLines(demo: Demo) async throws {
        let printed = Printed()
        try await demo.run { printed($0) }
        #expect(printed.lines == (try Expected.lines(of: demo.rawValue)))
    }
}
