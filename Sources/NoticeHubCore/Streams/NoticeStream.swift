import Synchronization

/// Notices as an `AsyncSequence`.
///
/// The subscription starts when iteration starts (`makeAsyncIterator()`), not
/// when the stream is made, and ends when the loop ends or the consuming task
/// is cancelled. The loop also ends when the hub is closed (``NoticeHub/close()``)
/// or released: the consumer first gets what its buffer holds, then nil; a
/// stream iterated after that ends at once. The stream refers to its hub
/// weakly, so a loop does not keep the hub alive.
///
/// Notices arrive in the order they were posted (FIFO). Posting never waits
/// for the consumer: notices wait in a buffer whose policy says what happens
/// when it is full, and ``droppedCount`` counts what was dropped.
///
/// ```swift
/// for await notice in hub.notices(named: "news.liked", buffering: .bufferingNewest(100)) {
///     print(notice.name)
/// }
/// ```
public struct NoticeStream: AsyncSequence, Sendable {
    public typealias Element = Notice

    /// What happens to notices the consumer has not taken yet.
    public enum Buffering: Sendable, Equatable {
        /// Keep every notice (memory grows while the consumer lags).
        case unbounded
        /// Keep at most this many waiting notices; newer ones are dropped.
        case bufferingOldest(Int)
        /// Keep at most this many waiting notices; the oldest are dropped.
        case bufferingNewest(Int)
    }

    weak let hub: NoticeHub?
    let name: NoticeName?
    let sender: Sender?
    let buffering: Buffering
    private let drops = DropCounter()

    init(hub: NoticeHub, name: NoticeName?, sender: Sender?, buffering: Buffering) {
        self.hub = hub
        self.name = name
        self.sender = sender
        self.buffering = buffering
    }

    /// Notices dropped by the buffering policy, over every iteration of this stream.
    public var droppedCount: Int { drops.value }

    public func makeAsyncIterator() -> Iterator {
        let channel = NoticeChannel(buffering: buffering, drops: drops)
        guard let hub else {
            channel.finish()
            return Iterator(connection: Connection(channel: channel, subscription: nil, streams: nil))
        }
        let subscription = hub.observe(name, sender: sender) { channel.send($0) }
        hub.streams.add(channel)
        return Iterator(connection: Connection(channel: channel, subscription: subscription, streams: hub.streams))
    }

    /// Takes notices from the stream's buffer in batches, so a busy stream
    /// costs one lock per batch rather than one per notice.
    public struct Iterator: AsyncIteratorProtocol {
        let connection: Connection
        private var batch: [Notice] = []
        private var index = 0

        init(connection: Connection) {
            self.connection = connection
        }

        public mutating func next() async -> Notice? {
            if index < batch.count {
                defer { index += 1 }
                return batch[index]
            }
            batch.removeAll(keepingCapacity: true)
            index = 0
            guard await connection.channel.take(into: &batch) else {
                connection.end()
                return nil
            }
            index = 1
            return batch[0]
        }
    }

    /// Ties the subscription's life, and the hub's tracking of the stream,
    /// to the iterator's. Nil subscription: the hub was gone.
    final class Connection: Sendable {
        let channel: NoticeChannel
        let subscription: Subscription?
        let streams: OpenStreams?

        init(channel: NoticeChannel, subscription: Subscription?, streams: OpenStreams?) {
            self.channel = channel
            self.subscription = subscription
            self.streams = streams
        }

        /// Stops observing and leaves the hub's open streams.
        func end() {
            subscription?.cancel()
            streams?.remove(channel)
        }

        deinit {
            end()
        }
    }
}

extension NoticeHub {
    /// The notices named `name` (nil: all) from `sender` (nil: any) as an
    /// async sequence; see ``NoticeStream``. The loop ends when its task is
    /// cancelled or this hub is closed or released.
    public func notices(
        named name: NoticeName?,
        sender: Sender? = nil,
        buffering: NoticeStream.Buffering = .unbounded
    ) -> NoticeStream {
        NoticeStream(hub: self, name: name, sender: sender, buffering: buffering)
    }

    /// Typed messages as an async sequence; a notice whose payload does not
    /// decode as `Message` is left out and reported to the handler
    /// ``onUndecodable(_:)`` sets. Ends like ``notices(named:sender:buffering:)``.
    public func messages<Message: NoticeMessage>(
        of type: Message.Type,
        sender: Sender? = nil,
        buffering: NoticeStream.Buffering = .unbounded
    ) -> some AsyncSequence<Message, Never> {
        let reports = undecodableReports
        let identity = identity
        return notices(named: Message.name, sender: sender, buffering: buffering)
            .compactMap { notice in
                do throws(NoticeHubError) {
                    return try notice.decode(Message.self)
                } catch {
                    reports.report(
                        UndecodableNotice(notice: notice, expected: "\(Message.self)", error: error), hub: identity)
                    return nil
                }
            }
    }
}

/// Counts dropped notices; shared by a stream and its iterators.
final class DropCounter: Sendable {
    private let count = Atomic<Int>(0)
    var value: Int { count.load(ordering: .relaxed) }
    func add() { count.wrappingAdd(1, ordering: .relaxed) }
}
