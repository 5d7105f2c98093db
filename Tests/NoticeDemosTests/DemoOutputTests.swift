@testable import NoticeDemos
import Testing

struct DemoOutputTests {
    @Test(arguments: Demo.allCases)
    func eachDemoPrintsTheDocumentsLines(demo: Demo) throws {
        let printed = Printed()
        try demo.run { printed($0) }
        #expect(printed.lines == (try Expected.lines(of: demo.rawValue)))
    }
}
