import ArgumentParser
import Foundation
import Reach5

/// `latchkey profile show|update|update-email|update-phone`: the signed-in account's profile.
struct ProfileCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "profile", abstract: "Show or update the signed-in account's profile.",
        subcommands: [ProfileShowCommand.self, ProfileUpdateCommand.self, ProfileUpdateEmailCommand.self, ProfileUpdatePhoneCommand.self])
}

struct ProfileShowCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Print the profile as JSON.", discussion: "\(AccountOptions.exitCodes)")
    @OptionGroup var account: AccountOptions
    @Flag(help: "Accepted as on the other account commands; the profile is always printed as JSON.") var json = false

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let profile = try await account.withSession(in: vault, r5) { token in try await r5.getProfile(authToken: token) }
        printProfile(profile)
    }
}

struct ProfileUpdateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "update", abstract: "Update fields (--set field=value) and delete fields (--delete field).",
        discussion:
            "Fields: \(fieldList). A field neither set nor deleted is left as it is; a field given twice is refused. email and phone_number are accepted only where the server allows it (a profile without an email; SMS off): otherwise use latchkey profile update-email or update-phone. \(AccountOptions.exitCodes)"
    )
    @OptionGroup var account: AccountOptions
    @Option(name: .customLong("set"), help: "field=value (repeatable).") var sets: [String] = []
    @Option(name: .customLong("delete"), help: "A field to delete (repeatable).") var deletes: [String] = []

    nonisolated(unsafe) static let fields: [String: ReferenceWritableKeyPath<ProfileUpdate, Diff<String>>] = [
        "given_name": \.givenName, "middle_name": \.middleName, "family_name": \.familyName, "name": \.name, "nickname": \.nickname,
        "birthdate": \.birthdate, "picture": \.picture, "username": \.username, "gender": \.gender, "email": \.email,
        "phone_number": \.phoneNumber, "custom_identifier": \.customIdentifier, "locale": \.locale, "company": \.company,
    ]

    static var fieldList: String { fields.keys.sorted().joined(separator: ", ") }

    func update() throws -> ProfileUpdate {
        let update = ProfileUpdate()
        var seen = Set<String>()
        for pair in sets {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let path = Self.fields[String(parts[0])] else {
                throw ValidationError("--set \(pair): expected field=value, field one of \(Self.fieldList)")
            }
            guard seen.insert(String(parts[0])).inserted else { throw ValidationError("\(parts[0]) is given twice") }
            update[keyPath: path] = .Update(String(parts[1]))
        }
        for field in deletes {
            guard let path = Self.fields[field] else { throw ValidationError("--delete \(field): field one of \(Self.fieldList)") }
            guard seen.insert(field).inserted else { throw ValidationError("\(field) is given twice") }
            update[keyPath: path] = .Delete
        }
        return update
    }

    func validate() throws {
        guard !sets.isEmpty || !deletes.isEmpty else { throw ValidationError("give --set or --delete") }
        _ = try update()
    }

    func run() async throws {
        let vault = try account.vaultOptions.open()
        let r5 = account.reachFive()
        let update = try update()
        // The server names its own routes for an identifier it will not change here; the CLI's
        // commands for them are these (only for a field this update sets, not one it deletes).
        let hints = ["email": "update-email --email E", "phone_number": "update-phone --phone P"].filter { field, _ in
            sets.contains { $0.hasPrefix(field + "=") }
        }
        let profile = try await account.withSession(in: vault, r5) { token in
            do { return try await r5.updateProfile(authToken: token, profileUpdate: update) } catch let error as ReachFiveError {
                guard let field = error.fieldErrors.first(where: { $0.code == "not_updatable" })?.field, let command = hints[field] else {
                    throw error
                }
                throw CommandFailure(.failed, CommandFailure(error).message + "\nhint: use latchkey profile \(command)")
            }
        }
        printProfile(profile)
    }
}

func printProfile(_ profile: Profile) { Console.writeJSON(profile, snakeCase: true) }
