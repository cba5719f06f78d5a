/// Why a byte string was rejected as CBOR. `offset` is where the decoder stopped.
public enum CBORError: Error, Equatable, Sendable, CustomStringConvertible {
    case truncated(offset: Int)
    case trailingBytes(offset: Int)
    case indefiniteLength(offset: Int)
    case duplicateMapKey(offset: Int)
    case nestingTooDeep(limit: Int)
    case lengthExceedsInput(offset: Int)
    case inputTooLarge(limit: Int)
    case invalidUTF8(offset: Int)
    case reservedAdditionalInfo(offset: Int)
    case nonCanonical(offset: Int, reason: String)
    case invalidSimpleValue(offset: Int)
    case unexpectedType(expected: String, context: String)

    public var description: String {
        switch self {
        case .truncated(let o): return "CBOR input ends early at byte \(o)"
        case .trailingBytes(let o): return "CBOR input has trailing bytes after the item (byte \(o))"
        case .indefiniteLength(let o): return "indefinite-length CBOR item at byte \(o) is not allowed"
        case .duplicateMapKey(let o): return "duplicate CBOR map key at byte \(o)"
        case .nestingTooDeep(let l): return "CBOR nesting deeper than \(l) levels"
        case .lengthExceedsInput(let o): return "CBOR length at byte \(o) exceeds the input"
        case .inputTooLarge(let l): return "CBOR input larger than \(l) bytes"
        case .invalidUTF8(let o): return "CBOR text string at byte \(o) is not valid UTF-8"
        case .reservedAdditionalInfo(let o): return "reserved CBOR additional information at byte \(o)"
        case .nonCanonical(let o, let r): return "non-canonical CBOR at byte \(o): \(r)"
        case .invalidSimpleValue(let o): return "invalid CBOR simple value at byte \(o)"
        case .unexpectedType(let e, let c): return "expected \(e) for \(c)"
        }
    }
}
