import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyCrypto
import NIOCore

/// A console form post (`application/x-www-form-urlencoded`), accepted only from the console's
/// own pages: the browser's `Origin` must be one of the server's own origins and its
/// `Sec-Fetch-Site` must not say cross-site (BrowserGuard's rule, which has checked `Host`), and the form
/// must carry this server's console token. Both, since either alone has gaps (old browsers send
/// no Origin; a token can leak through a copied page).
struct ConsoleForm: Sendable {
    static let maximumBytes = 64 * 1024
    let fields: [String: String]

    enum Refusal: Error, Equatable {
        case crossSite
        case missingToken
        case malformed(String)
    }

    subscript(name: String) -> String? { fields[name] }

    static func read(_ request: Request, token: String, names: ServerNames) async throws -> ConsoleForm {
        guard BrowserGuard.sameOrigin(request, names: names) else { throw Refusal.crossSite }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false else {
            throw Refusal.malformed("the body must be application/x-www-form-urlencoded")
        }
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: maximumBytes) } catch { throw Refusal.malformed("the form is over 64 KiB") }
        let form = try parse(String(buffer: buffer))
        guard let sent = form.fields["csrf"], constantTimeEquals(Array(sent.utf8), Array(token.utf8)) else { throw Refusal.missingToken }
        return form
    }

    static func parse(_ body: String) throws(Refusal) -> ConsoleForm {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = ConsoleQuery.decode(parts[0]), let value = ConsoleQuery.decode(parts.count == 2 ? parts[1] : "") else {
                throw .malformed("a form field is not valid percent-encoded UTF-8")
            }
            guard fields[name] == nil else { throw .malformed("the field \(ConsoleText.visible(name)) appears twice") }
            fields[name] = value
        }
        return ConsoleForm(fields: fields)
    }

}
