extension NoticeHub {
    /// Posts a notice without payload (its payload reads as `{}`).
    @discardableResult
    public func post(_ name: NoticeName, sender: Sender? = nil) throws -> Notice {
        try post(Notice(name: name, sender: sender, payload: .empty))
    }

    /// Posts a notice carrying `payload`.
    @discardableResult
    public func post<Payload: Encodable & Sendable>(
        _ name: NoticeName, sender: Sender? = nil, payload: Payload
    ) throws -> Notice {
        try post(Notice(name: name, sender: sender, payload: .value(payload)))
    }

    /// Posts a typed message under its own name.
    @discardableResult
    public func post<Message: NoticeMessage>(_ message: Message, sender: Sender? = nil) throws -> Notice {
        try post(Notice(name: Message.name, sender: sender, payload: .value(message)))
    }

    func post(_ notice: Notice) throws -> Notice {
        deliver(notice)
        return notice
    }

    /// Calls every matching observer, in registration order, on this thread.
    func deliver(_ notice: Notice) {
        let targets = observers.targets(name: notice.name, sender: notice.sender)
        guard !targets.isEmpty else { return }
        DeliveryContext.delivering {
            for registration in targets {
                _ = registration.invoke { $0(notice) }
            }
        }
    }
}
