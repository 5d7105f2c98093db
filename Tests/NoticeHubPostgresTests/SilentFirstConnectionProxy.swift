#if Postgres
    import Foundation
    import Synchronization

    /// A TCP proxy on the loopback whose first client connection is accepted
    /// and never answered, as a server too busy to finish a connection looks
    /// to its client; every later one is passed to the server at
    /// `host:port`, byte for byte.
    final class SilentFirstConnectionProxy: Sendable {
        let port: Int
        private let listener: Int32
        private let accepted = Mutex(0)
        private let sockets = Mutex<[Int32]>([])

        init(forwardingTo host: String, port targetPort: Int) throws {
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                    bind(listener, address, length) == 0 && listen(listener, 16) == 0
                        && getsockname(listener, address, &length) == 0
                }
            }
            guard bound else { throw ProxyError(what: "cannot listen on the loopback") }
            self.listener = listener
            port = Int(UInt16(bigEndian: address.sin_port))
            Thread.detachNewThread { [self] in acceptConnections(host: host, port: targetPort) }
        }

        /// How many client connections the proxy accepted.
        var connectionsAccepted: Int { accepted.withLock { $0 } }

        /// Shuts the listener and every connection down; their descriptors
        /// stay open until the test process ends, so that no pumping thread
        /// reads one that was reused.
        func close() {
            shutdown(listener, Int32(SHUT_RDWR))
            for socket in sockets.withLock({ $0 }) { shutdown(socket, Int32(SHUT_RDWR)) }
        }

        private func acceptConnections(host: String, port: Int) {
            while true {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { return }
                sockets.withLock { $0.append(client) }
                let isFirst = accepted.withLock { count in
                    count += 1
                    return count == 1
                }
                if isFirst { continue }
                guard let server = try? Self.connect(host: host, port: port) else {
                    Glibc.close(client)
                    continue
                }
                sockets.withLock { $0.append(server) }
                Thread.detachNewThread { Self.pump(from: client, to: server) }
                Thread.detachNewThread { Self.pump(from: server, to: client) }
            }
        }

        private static func connect(host: String, port: Int) throws -> Int32 {
            var hints = addrinfo()
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            var found: UnsafeMutablePointer<addrinfo>?
            guard getaddrinfo(host, String(port), &hints, &found) == 0, let first = found else {
                throw ProxyError(what: "cannot resolve \(host)")
            }
            defer { freeaddrinfo(found) }
            let server = socket(first.pointee.ai_family, first.pointee.ai_socktype, first.pointee.ai_protocol)
            guard Glibc.connect(server, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
                Glibc.close(server)
                throw ProxyError(what: "cannot connect to \(host):\(port)")
            }
            return server
        }

        /// Copies bytes until either side ends, then ends both directions.
        private static func pump(from source: Int32, to destination: Int32) {
            var buffer = [UInt8](repeating: 0, count: 16_384)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                var sent = 0
                while sent < count {
                    let wrote = buffer.withUnsafeBytes { write(destination, $0.baseAddress! + sent, count - sent) }
                    guard wrote > 0 else { break }
                    sent += wrote
                }
                guard sent == count else { break }
            }
            shutdown(destination, Int32(SHUT_WR))
            shutdown(source, Int32(SHUT_RD))
        }

        struct ProxyError: Error {
            let what: String
        }
    }
#endif
