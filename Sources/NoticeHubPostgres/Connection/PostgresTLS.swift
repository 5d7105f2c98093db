#if Postgres
    import Foundation
    import NIOSSL
    import NoticeHub
    import PostgresNIO

    /// The TLS a URL's `sslmode` asks for, as postgres-nio takes it.
    ///
    /// - `disable`, `allow`: plain text;
    /// - `prefer`: TLS when the server offers it, its certificate unverified;
    /// - `require`: TLS, unverified, unless `sslrootcert` names roots, which
    ///   then verify the chain as `verify-ca` does (libpq's rule);
    /// - `verify-ca`: the certificate chains to the roots;
    /// - `verify-full`: it also names the URL's host (a DNS name or an IP
    ///   address in its subject alternative names).
    ///
    /// The roots are `sslrootcert`'s PEM file, or the system's.
    enum PostgresTLS {
        static func configuration(for url: PostgresURL) throws(JournalError) -> PostgresConnection.Configuration.TLS {
            switch url.sslMode {
            case .disable, .allow:
                return .disable
            case .prefer:
                return .prefer(try context(url, verifying: .none))
            case .require:
                return .require(
                    try context(url, verifying: url.sslRootCertificate == nil ? .none : .noHostnameVerification))
            case .verifyCA:
                return .require(try context(url, verifying: .noHostnameVerification))
            case .verifyFull:
                return .require(try context(url, verifying: .fullVerification))
            }
        }

        private static func context(
            _ url: PostgresURL, verifying verification: CertificateVerification
        ) throws(JournalError) -> NIOSSLContext {
            var configuration = TLSConfiguration.makeClientConfiguration()
            configuration.certificateVerification = verification
            if let roots = url.sslRootCertificate {
                guard FileManager.default.isReadableFile(atPath: roots) else {
                    throw .cannotOpen(path: url.description, detail: "cannot read sslrootcert \(roots)")
                }
                do {
                    configuration.trustRoots = .certificates(try NIOSSLCertificate.fromPEMFile(roots))
                } catch {
                    throw .cannotOpen(path: url.description, detail: "sslrootcert \(roots) holds no PEM certificate")
                }
            }
            do {
                return try NIOSSLContext(configuration: configuration)
            } catch {
                throw .cannotOpen(path: url.description, detail: "cannot set up TLS: \(error)")
            }
        }
    }
#endif
