import NoticeHub

/// Document 004's conceptual example: two components that only post events;
/// the mediator reacts to A by triggering C, and to D by triggering B and C.
public final class Component1: Sendable {
    let hub: NoticeHub
    let output: DemoOutput

    init(hub: NoticeHub, output: @escaping DemoOutput) {
        self.hub = hub
        self.output = output
    }

    public func doA() throws {
        output("Component 1 does A.")
        try hub.post("component.A", sender: "component1")
    }

    public func doB() throws {
        output("Component 1 does B.\n")
        try hub.post("component.B", sender: "component1")
    }
}

/// The second component of document 004's conceptual example.
public final class Component2: Sendable {
    let hub: NoticeHub
    let output: DemoOutput

    init(hub: NoticeHub, output: @escaping DemoOutput) {
        self.hub = hub
        self.output = output
    }

    public func doC() throws {
        output("Component 2 does C.")
        try hub.post("component.C", sender: "component2")
    }

    public func doD() throws {
        output("Component 2 does D.")
        try hub.post("component.D", sender: "component2")
    }
}

/// The concrete mediator: its reactions are observers on the hub.
final class ComponentMediator: Sendable {
    let subscriptions: [Subscription]

    init(hub: NoticeHub, _ component1: Component1, _ component2: Component2, output: @escaping DemoOutput) {
        subscriptions = [
            hub.observe("component.A") { _ in
                output("Mediator reacts on A and triggers following operations:")
                try? component2.doC()
            },
            hub.observe("component.D") { _ in
                output("Mediator reacts on D and triggers following operations:")
                try? component1.doB()
                try? component2.doC()
            },
        ]
    }
}

enum ComponentsDemo {
    static func run(output: @escaping DemoOutput) throws {
        let hub = NoticeHub()
        let component1 = Component1(hub: hub, output: output)
        let component2 = Component2(hub: hub, output: output)
        let mediator = ComponentMediator(hub: hub, component1, component2, output: output)
        output("Client triggers operation A.")
        try component1.doA()
        output("\nClient triggers operation D.")
        try component2.doD()
        withExtendedLifetime(mediator) {}
    }
}
