import Foundation

/// Custom identifiers (a username) as the server accepts them: one spelling per name, so that
/// variants a person cannot tell apart never make two accounts, nor log in to someone else's.
///
/// - NFKC: composed and decomposed accents, fullwidth and other compatibility forms of the
///   same characters become one string (`ｊｏｈｎ` is `john`, `e`+U+0301 is `é`).
/// - Refused: anything invisible or ambiguous on screen: control and format characters
///   (zero-width spaces and joiners, bidi overrides, the BOM), default-ignorable code points
///   (variation selectors), unassigned or private-use code points, separators other than
///   U+0020, and spaces at either end or two in a row.
/// - Refused: Latin letters mixed with Greek or Cyrillic ones (`pаypal` with a Cyrillic `а`),
///   the classic confusables.
/// Case is kept as given (as ReachFive keeps it).
enum CustomIdentifier {
    static let length = 4...80

    enum Refusal: Error, Equatable { case length, invisible, mixedScripts }

    static func normalize(_ raw: String) throws(Refusal) -> String {
        let value = raw.precomposedStringWithCompatibilityMapping
        guard length.contains(value.count) else { throw .length }
        var previousSpace = true
        for scalar in value.unicodeScalars {
            let p = scalar.properties
            switch p.generalCategory {
            case .control, .format, .privateUse, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: throw .invisible
            case .spaceSeparator:
                guard scalar == " ", !previousSpace else { throw .invisible }
            default: break
            }
            if p.isDefaultIgnorableCodePoint { throw .invisible }
            previousSpace = scalar == " "
        }
        guard !previousSpace else { throw .invisible }
        var scripts = Set<Script>()
        for scalar in value.unicodeScalars where scalar.properties.isAlphabetic {
            if let script = Script(scalar) { scripts.insert(script) }
        }
        guard scripts.count <= 1 else { throw .mixedScripts }
        return value
    }

    /// The stored form of a login's custom identifier, or nil when no account can have it.
    static func lookupKey(_ raw: String) -> String? { try? normalize(raw) }

    /// The scripts whose letters look alike (Latin, Greek, Cyrillic), by their Unicode blocks.
    private enum Script: Hashable {
        case latin, greek, cyrillic

        init?(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F: self = .latin
            case 0x370...0x3FF, 0x1F00...0x1FFF: self = .greek
            case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: self = .cyrillic
            default: return nil
            }
        }
    }
}
