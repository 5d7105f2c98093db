public import NoticeHub

/// Document 000's colleague protocol: a colleague hears messages from another
/// colleague, or from the mediator itself (nil).
public protocol MusketeerColleague: AnyObject {
    func colleague(_ colleague: (any MusketeerColleague)?, didSendMessage message: String)
}

/// A musketeer who broadcasts through the mediator and prints what it hears.
public final class Musketeer: MusketeerColleague {
    public let name: String
    public weak var mediator: MusketeerMediator?
    private let output: DemoOutput

    public init(mediator: MusketeerMediator, name: String, output: @escaping DemoOutput) {
        self.mediator = mediator
        self.name = name
        self.output = output
        mediator.addColleague(self)
    }

    public func sendMessage(_ message: String) {
        output("\(name) sent: \(message)")
        mediator?.sendMessage(message, by: self)
    }

    public func colleague(_ colleague: (any MusketeerColleague)?, didSendMessage message: String) {
        output("\(name) received: \(message)")
    }
}

/// The musketeers' mediator: a ``Mediator`` that passes a message to every
/// colleague but its sender.
public final class MusketeerMediator: Mediator<any MusketeerColleague> {
    public func sendMessage(_ message: String, by colleague: any MusketeerColleague) {
        invokeColleagues(by: colleague) {
            $0.colleague(colleague, didSendMessage: message)
        }
    }
}

enum MusketeersDemo {
    static func run(output: @escaping DemoOutput) {
        let mediator = MusketeerMediator()
        let athos = Musketeer(mediator: mediator, name: "Athos", output: output)
        let porthos = Musketeer(mediator: mediator, name: "Porthos", output: output)
        let aramis = Musketeer(mediator: mediator, name: "Aramis", output: output)
        athos.sendMessage("One for all...!")
        output("")
        porthos.sendMessage("and all for one...!")
        output("")
        aramis.sendMessage("Unus pro omnibus, omnes pro uno!")
        output("")
        mediator.invokeColleagues {
            $0.colleague(nil, didSendMessage: "Charge!")
        }
    }
}
