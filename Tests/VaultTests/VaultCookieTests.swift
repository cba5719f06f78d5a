import Foundation
import TestSupport
import Testing

@testable import Vault

/// The vault as a device's cookie jar: one cookie per server and name, encrypted, expired ones
/// never handed back, and other servers' cookies never mixed in.
@Suite struct VaultCookieTests {
    @Test func keepReplacesTheSameNameAndSurvivesReopening() throws {
        let path = temporaryVaultPath()
        let v = try makeVault(path)
        let server = "http://127.0.0.1:8975"
        try v.keep(CookieItem(server: server, name: "r5_trusted_device", value: "one", expiresAt: Date().addingTimeInterval(3600)))
        try v.keep(CookieItem(server: server, name: "r5_trusted_device", value: "two", expiresAt: Date().addingTimeInterval(3600)))
        try v.keep(CookieItem(server: "http://127.0.0.1:9999", name: "r5_trusted_device", value: "elsewhere", expiresAt: nil))
        let reopened = try Vault.open(at: path, passphrase: passphrase)
        #expect(try reopened.cookies(server: server).map(\.item.value) == ["two"])
        #expect(try reopened.cookies(server: "http://127.0.0.1:9999").map(\.item.value) == ["elsewhere"])
        #expect(try reopened.check().records == 2)
        // The value is a secret: it is not in the file in clear.
        let file = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(file.range(of: Data("elsewhere".utf8)) == nil)
    }

    @Test func anExpiredCookieIsNotHandedBack() throws {
        let v = try makeVault()
        let server = "http://localhost:8975"
        let now = Date()
        try v.keep(CookieItem(server: server, name: "old", value: "x", expiresAt: now.addingTimeInterval(60)))
        #expect(try v.cookies(server: server, at: now.addingTimeInterval(120)).isEmpty)
        #expect(try v.cookies(server: server, at: now).count == 1)
        try v.keep(CookieItem(server: server, name: "new", value: "y", expiresAt: nil))
        #expect(try v.cookies(server: server, at: now).map(\.item.name).sorted() == ["new", "old"])
    }
}
