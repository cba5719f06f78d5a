import CZxcvbn
import Foundation

/// Password strength as zxcvbn scores it (0 = too guessable … 4 = very unguessable), through
/// Debian's zxcvbn-c. zxcvbn-c returns the entropy in bits; the score uses zxcvbn's guess
/// thresholds (10^3, 10^6, 10^8, 10^10 guesses).
enum PasswordStrength {
    /// The score of `password`, penalizing words the user's own profile holds (email local
    /// part, names), as zxcvbn's user dictionary is meant to.
    static func score(_ password: String, userInputs: [String] = []) -> Int {
        // zxcvbn-c reads a NUL-terminated string; a NUL inside would cut the password short.
        guard !password.utf8.contains(0) else { return 0 }
        let words = userInputs.filter { !$0.isEmpty && !$0.utf8.contains(0) }.map { $0.lowercased() }
        let bits: Double = withCStrings(words) { dict in ZxcvbnMatch(password, dict, nil) }
        let log10Guesses = bits * 0.30102999566
        switch log10Guesses {
        case ..<3: return 0
        case ..<6: return 1
        case ..<8: return 2
        case ..<10: return 3
        default: return 4
        }
    }

    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
