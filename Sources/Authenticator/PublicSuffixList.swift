import Foundation

/// The Public Suffix List (publicsuffix.org), read from Debian's `publicsuffix` package.
/// Implements the list's matching algorithm: normal, wildcard (`*.ck`) and exception (`!www.ck`)
/// rules, plus the implicit `*` rule that makes every single label a public suffix.
public struct PublicSuffixList: Sendable {
    public static let debianPath = "/usr/share/publicsuffix/public_suffix_list.dat"

    private var rules: Set<String> = []
    private var wildcards: Set<String> = []
    private var exceptions: Set<String> = []

    public init(contents: String) {
        for line in contents.split(whereSeparator: \.isNewline) {
            guard let token = line.split(whereSeparator: \.isWhitespace).first, !token.hasPrefix("//") else { continue }
            let rule = token.lowercased()
            if rule.hasPrefix("!") { exceptions.insert(String(rule.dropFirst())) }
            else if rule.hasPrefix("*.") { wildcards.insert(String(rule.dropFirst(2))) }
            else { rules.insert(rule) }
        }
    }

    public init(path: String = PublicSuffixList.debianPath) throws {
        try self.init(contents: String(contentsOfFile: path, encoding: .utf8))
    }

    /// Loaded once per process from the Debian path; nil when the file is absent.
    public static let system: PublicSuffixList? = try? PublicSuffixList()

    public var ruleCount: Int { rules.count + wildcards.count + exceptions.count }

    /// True when `domain` (lower-case ASCII, no trailing dot) is itself a public suffix.
    public func isPublicSuffix(_ domain: String) -> Bool {
        let d = domain.lowercased()
        if exceptions.contains(d) { return false }
        if rules.contains(d) { return true }
        let labels = d.split(separator: ".", omittingEmptySubsequences: false)
        if labels.count == 1 { return true } // the implicit "*" rule
        let parent = labels.dropFirst().joined(separator: ".")
        return wildcards.contains(parent)
    }
}
