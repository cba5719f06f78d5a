/// Email addresses as the server accepts them: one "@", a non-empty local part of printable
/// ASCII without spaces, a dotted domain of letters, digits and hyphens. Stored lower-cased, so
/// lookups are case-insensitive.
enum EmailAddress {
    static func normalized(_ input: String) -> String? {
        let email = input.lowercased()
        guard email.utf8.count <= 254 else { return nil }
        let parts = email.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let local = parts[0]
        let domain = parts[1]
        guard !local.isEmpty, local.utf8.count <= 64,
            local.unicodeScalars.allSatisfy({ $0.value > 0x20 && $0.value < 0x7F && !"()<>,;:\\\"[]".unicodeScalars.contains($0) }),
            !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
        else { return nil }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return nil }
        for label in labels {
            guard !label.isEmpty, label.utf8.count <= 63, !label.hasPrefix("-"), !label.hasSuffix("-"),
                label.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" })
            else { return nil }
        }
        return email
    }
}
