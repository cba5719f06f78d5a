import Encoding
import Foundation
import LatchkeyCrypto
import SQLite

/// scrypt password hashes in PHC string form: `$scrypt$ln=15,r=8,p=1$<salt>$<hash>` (base64url).
/// A password is never stored, logged or echoed; only this string is.
struct PasswordHasher: Sendable {
    var logN: Int

    init(logN: Int = 15) { self.logN = logN }

    /// scrypt takes tens of milliseconds by design: requests hash on this executor, never on a
    /// thread that serves other requests.
    private static let executor = BlockingExecutor(label: "latchkey.password-hashing", width: .allButOneCore)

    func hash(_ password: String, random: any RandomSource) async throws -> String {
        try await Self.executor.run { try hashBlocking(password, random: random) }
    }

    func verify(_ password: String, against stored: String?) async -> Bool {
        await Self.executor.run { verifyBlocking(password, against: stored) }
    }

    /// On the calling thread: for seeding at start-up, before any request is served.
    func hashBlocking(_ password: String, random: any RandomSource) throws -> String {
        let salt = random.bytes(16)
        let derived = try Scrypt.derive(password: Array(password.utf8), salt: salt, parameters: .init(logN: logN), outputLength: 32)
        return "$scrypt$ln=\(logN),r=8,p=1$\(Base64URL.encode(salt))$\(Base64URL.encode(derived.bytes))"
    }

    /// Whether `password` matches `stored`. A malformed stored hash never matches. With no
    /// stored hash (an unknown account), the same work is done against a dummy so the answer
    /// takes as long either way.
    func verifyBlocking(_ password: String, against stored: String?) -> Bool {
        guard let stored else {
            // dummy work that only equalizes timing: its result and any error are unused
            _ = try? Scrypt.derive(
                password: Array(password.utf8), salt: [UInt8](repeating: 0, count: 16),
                parameters: .init(logN: logN), outputLength: 32)
            return false
        }
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[1] == "scrypt", let salt = Base64URL.decode(String(parts[3])),
            let expected = Base64URL.decode(String(parts[4])), expected.count == 32
        else { return false }
        var params: [String: Int] = [:]
        for item in parts[2].split(separator: ",") {
            let kv = item.split(separator: "=")
            if kv.count == 2, let v = Int(kv[1]) { params[String(kv[0])] = v }
        }
        guard let ln = params["ln"], let r = params["r"], let p = params["p"], (10...20).contains(ln), r == 8, p == 1,
            // parameters scrypt refuses make a malformed stored hash, which never matches
            let derived = try? Scrypt.derive(
                password: Array(password.utf8), salt: salt, parameters: .init(logN: ln, r: r, p: p), outputLength: 32)
        else { return false }
        return constantTimeEquals(derived.bytes, expected)
    }
}
