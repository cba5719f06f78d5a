import Foundation
import Testing

@testable import Vault

/// One saved password per site (host and port) and username, as a password manager keeps them.
struct PasswordSaveTests {
    @Test func aSecondPasswordIsRefusedUnlessReplacing() throws {
        let vault = try makeVault()
        let first = PasswordItem(domain: "Example.com", username: "ada", password: "one")
        guard case .saved(let id, let replaced) = try vault.savePassword(first, replacingExisting: false) else {
            Issue.record("the first password was not saved")
            return
        }
        #expect(replaced.isEmpty)

        let second = PasswordItem(domain: "https://example.com", username: "ada", password: "two")
        #expect(try vault.savePassword(second, replacingExisting: false) == .alreadySaved(existing: id))
        #expect(try vault.passwords(host: "example.com").map(\.item.password) == ["one"])

        guard case .saved(let newId, let gone) = try vault.savePassword(second, replacingExisting: true) else {
            Issue.record("the replacement was not saved")
            return
        }
        #expect(gone == [id] && newId != id)
        #expect(try vault.passwords(host: "example.com").map(\.item.password) == ["two"])
        #expect(try vault.check().records == 1)
    }

    @Test func anotherPortOrUserIsAnotherPassword() throws {
        let vault = try makeVault()
        for item in [
            PasswordItem(domain: "example.com", username: "ada", password: "a"),
            PasswordItem(domain: "https://example.com:8443", username: "ada", password: "b"),
            PasswordItem(domain: "example.com", username: "bob", password: "c"),
        ] {
            guard case .saved = try vault.savePassword(item, replacingExisting: false) else {
                Issue.record("\(item.domain) refused")
                return
            }
        }
        #expect(try vault.passwords(host: "example.com").count == 3)
    }
}
