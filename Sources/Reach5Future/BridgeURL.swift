import Foundation
import Reach5

/// The bridge's String redirects, read as the async methods' URLs: absent stays absent, and a
/// string that is not a URL fails the Future before anything is sent.
enum BridgeURL {
    struct Parsed { let url: URL? }

    static func parse(_ string: String?) -> Parsed? {
        guard let string else { return Parsed(url: nil) }
        return URL(string: string).map { Parsed(url: $0) }
    }

    static func invalid(_ string: String?) -> ReachFiveError {
        .TechnicalError(reason: "Invalid redirect URL: \(string ?? "")")
    }
}
