import HummingbirdCore
import HummingbirdTLS
import LatchkeyCrypto
import NIOSSL

/// The listener's TLS for `latchkey serve --https`: swift-nio-ssl (BoringSSL) through
/// Hummingbird's `TLSChannel`, serving the local CA's server certificate. Used for this listener
/// only; the certificates and every other use of cryptography are OpenSSL's (LatchkeyCrypto).
public struct ServerTLS: Sendable {
    let configuration: TLSConfiguration

    /// TLS 1.2 and 1.3, the server certificate alone in the chain (a client trusts the CA).
    public init(_ authority: LocalCertificateAuthority) throws(LocalTLSError) {
        do {
            var configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: [.certificate(try NIOSSLCertificate(bytes: authority.certificate.der, format: .der))],
                privateKey: .privateKey(try NIOSSLPrivateKey(bytes: Array(authority.key.pkcs8PEM.utf8), format: .pem)))
            configuration.minimumTLSVersion = .tlsv12
            configuration.applicationProtocols = ["http/1.1"]
            self.configuration = configuration
        } catch {
            throw .unreadable(path: authority.certificatePath, reason: "refused by the TLS library: \(error)")
        }
    }

    /// Wraps the server's HTTP/1.1 channel (`IdentityServerApplication.start(…, tls:)`).
    public func channel(wrapping base: HTTP1Channel) throws -> TLSChannel<HTTP1Channel> {
        try TLSChannel(base, tlsConfiguration: configuration)
    }
}
