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
            if rule.hasPrefix("!") {
                exceptions.insert(String(rule.dropFirst()))
            } else if rule.hasPrefix("*.") {
                wildcards.insert(String(rule.dropFirst(2)))
            } else {
                rules.insert(rule)
            }
        }
    }

    /// Reads a list file. Nothing reads the file unless asked: the CLI loads it at start.
    public init(path: String) throws(PublicSuffixListError) {
        let contents: String
        do { contents = try String(contentsOfFile: path, encoding: .utf8) } catch {
            throw .unreadable(path: path, reason: (error as NSError).localizedFailureReason ?? "\(error.localizedDescription)")
        }
        self.init(contents: contents)
        guard ruleCount > 0 else { throw .empty(path: path) }
    }

    /// Debian's list, read on the first call and shared after that.
    public static func loadSystem() throws(PublicSuffixListError) -> PublicSuffixList {
        systemLock.lock()
        defer { systemLock.unlock() }
        if let systemList { return systemList }
        let list = try PublicSuffixList(path: debianPath)
        systemList = list
        return list
    }

    nonisolated(unsafe) private static var systemList: PublicSuffixList?
    private static let systemLock = NSLock()

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

/// Why a public suffix list could not be loaded.
public enum PublicSuffixListError: Error, Equatable, Sendable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case empty(path: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason):
            return "cannot read the public suffix list at \(path): \(reason) (Debian's 'publicsuffix' package provides it)"
        case .empty(let path): return "the public suffix list at \(path) holds no rules"
        }
    }
}
