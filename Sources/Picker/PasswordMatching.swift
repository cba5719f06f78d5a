import Vault

extension CredentialPicker {
    /// Passwords saved for the host or a parent domain of it, stopping above the registrable domain.
    func matchingPasswords(host: String) throws(AuthorizationError) -> [(id: [UInt8], item: PasswordItem)] {
        var out: [(id: [UInt8], item: PasswordItem)] = []
        var labels = host.split(separator: ".").map(String.init)
        let hostLabels = labels.count
        while !labels.isEmpty {
            let domain = labels.joined(separator: ".")
            // The host itself always counts; a parent stops at the public suffix.
            if labels.count < hostLabels, publicSuffixList?.isPublicSuffix(domain) ?? (labels.count < 2) { break }
            do { out += try vault.passwords(host: domain) } catch { throw AuthorizationError(.failed, because: error) }
            labels.removeFirst()
        }
        return out
    }
}
