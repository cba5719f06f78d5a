import Foundation
import LatchkeyCrypto
import ServeTLS
import TestSupport
import Testing

/// The local CA of `latchkey serve --https`: made once with its own key (0600), kept, and the
/// server certificate it signs made again only when it must be (names, expiry, a new CA).
@Suite struct LocalCertificateAuthorityTests {
    static let names = ["localhost", "127.0.0.1", "::1"]

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func theFirstStartMakesTheCAAndACertificateForTheNames() throws {
        let folder = try ScratchDirectory.make("tls").path + "/tls"
        let tls = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names + ["app.test"], owner: "me@box")
        #expect(tls.created && tls.issued)
        #expect(try mode(tls.caKeyPath) == 0o600)
        #expect(try mode(tls.keyPath) == 0o600)
        #expect(try mode(folder) == 0o700)
        let ca = try X509Certificate(pem: String(decoding: try #require(bytes(tls.caPath)), as: UTF8.self))
        #expect(ca.basicConstraintsCA == true)
        #expect(try #require(ca.extension("2.5.29.19")).critical)
        // basicConstraints { cA TRUE, pathLenConstraint 0 }: it signs leaves, never another CA.
        #expect(try #require(ca.extension("2.5.29.19")).value == [0x30, 0x06, 0x01, 0x01, 0xFF, 0x02, 0x01, 0x00])
        #expect(ca.subjectValue(X509Certificate.OID.commonName) == "Latchkey local CA me@box")
        let caYears = try #require(ca.notAfter).timeIntervalSince(try #require(ca.notBefore)) / (365 * 86400)
        #expect(caYears > 9.9 && caYears < 10.1)
        let leaf = tls.certificate
        #expect(leaf.isSigned(by: ca))
        #expect(leaf.basicConstraintsCA == false)
        #expect(Set(leaf.subjectAlternativeNames) == [.dns("localhost"), .ip("127.0.0.1"), .ip("::1"), .dns("app.test")])
        #expect(
            leaf.extension(X509Certificate.OID.extendedKeyUsage)?.value == [
                0x30, 0x0A, 0x06, 0x08, 0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01,
            ])
        #expect(leaf.extension("2.5.29.14") != nil && leaf.extension("2.5.29.35") != nil) // subject and authority key ids
        let days = try #require(leaf.notAfter).timeIntervalSince(try #require(leaf.notBefore)) / 86400
        #expect(days <= 397)
    }

    @Test func aSecondStartKeepsTheCAAndTheCertificate() throws {
        let folder = try ScratchDirectory.make("tls").path
        let first = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names, owner: "me@box")
        let (ca, leaf) = (bytes(first.caPath), bytes(first.certificatePath))
        let second = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names.reversed(), owner: "me@box")
        #expect(!second.created && !second.issued)
        #expect(bytes(second.caPath) == ca && bytes(second.certificatePath) == leaf)
    }

    @Test func otherNamesOrANearExpiryMakeANewCertificateUnderTheSameCA() throws {
        let folder = try ScratchDirectory.make("tls").path
        let first = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names, owner: "me@box")
        let ca = bytes(first.caPath)
        let renamed = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names + ["other.test"], owner: "me@box")
        #expect(!renamed.created && renamed.issued)
        #expect(renamed.certificate.subjectAlternativeNames.contains(.dns("other.test")))
        let later = Date().addingTimeInterval(380 * 86400)
        let renewed = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names + ["other.test"], owner: "me@box", now: later)
        #expect(!renewed.created && renewed.issued)
        #expect(try #require(renewed.certificate.notAfter) > later.addingTimeInterval(300 * 86400))
        #expect(bytes(renewed.caPath) == ca)
    }

    @Test func halfACAIsRefusedNotReplaced() throws {
        let folder = try ScratchDirectory.make("tls").path
        let first = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names, owner: "me@box")
        try FileManager.default.removeItem(atPath: first.caKeyPath)
        #expect(throws: LocalTLSError.self) { try LocalCertificateAuthority.prepare(folder: folder, names: Self.names, owner: "me@box") }
        #expect(bytes(first.caPath) != nil)
    }

    @Test func aNameThatIsNoNameIsRefused() throws {
        let folder = try ScratchDirectory.make("tls").path
        #expect(throws: LocalTLSError.self) {
            try LocalCertificateAuthority.prepare(folder: folder, names: ["localhost", "a,DNS:evil.test"], owner: "me@box")
        }
    }

    /// A folder others can reach is closed (0700) before it holds a key; a CA key another user
    /// could have written or read, or a link in its place, is refused, never adopted.
    @Test func aSharedFolderIsClosedAndASharedKeyRefused() throws {
        let folder = try ScratchDirectory.make("tls").path + "/tls"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o777])
        let first = try LocalCertificateAuthority.prepare(folder: folder, names: Self.names, owner: "me@box")
        #expect(try mode(folder) == 0o700)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: first.caKeyPath)
        #expect(throws: LocalTLSError.self) { try LocalCertificateAuthority.prepare(folder: folder, names: Self.names, owner: "me@box") }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: first.caKeyPath)
        let moved = first.caKeyPath + ".real"
        try FileManager.default.moveItem(atPath: first.caKeyPath, toPath: moved)
        try FileManager.default.createSymbolicLink(atPath: first.caKeyPath, withDestinationPath: moved)
        #expect(throws: LocalTLSError.self) { try LocalCertificateAuthority.prepare(folder: folder, names: Self.names, owner: "me@box") }
    }
}
