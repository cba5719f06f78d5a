/// Renaming object keys between the two casings WebAuthn JSON travels in: the W3C names
/// (`displayName`, `rpId`) and ReachFive's snake_case wire names (`display_name`, `rp_id`).
public enum JSONKeyCase {
    /// Every object key, at every depth, from snake_case to camelCase (`pub_key_cred_params` →
    /// `pubKeyCredParams`). Values are left as they are.
    public static func camelCased(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let members):
            var out: [String: JSONValue] = [:]
            for (key, member) in members {
                let words = key.split(separator: "_")
                let name = words.enumerated().map {
                    $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst()
                }.joined()
                out[name] = camelCased(member)
            }
            return .object(out)
        case .array(let items): return .array(items.map(camelCased))
        default: return value
        }
    }
}
