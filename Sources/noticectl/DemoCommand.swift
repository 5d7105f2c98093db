public import ArgumentParser
import NoticeDemos

extension Demo: ExpressibleByArgument {}

struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Run one of the source documents' scenarios.",
        discussion: """
            Prints exactly the lines the documents print.

            Example:
              noticectl demo musketeers
            """
    )

    @Argument(help: "The scenario: \(Demo.allCases.map(\.rawValue).joined(separator: ", ")).")
    var scenario: Demo

    func run() throws {
        try scenario.run { print($0) }
    }
}
