import Encoding
import Foundation
import HTTPTypes
import Hummingbird
import LatchkeyCrypto
import NIOCore

/// A console form post (`application/x-www-form-urlencoded`), accepted only from the console's
/// own pages: the browser's `Origin` must be one of the server's own origins and its
/// `Sec-Fetch-Site` must not say cross-site (BrowserGuard's rule, which has checked `Host`), and the form
/// must carry this server's console token. Both, since either alone has gaps (old browsers send
/// no Origin; a token can leak through a copied page). Its fields then decode, as string members,
/// into the form's own type through the server's one request decoder.
enum ConsoleForm {
    static let maximumBytes = 64 * 1024

    enum Refusal: Error, Equatable {
        case crossSite
        case missingToken
        case malformed(String)
    }

    static func read<Form: Decodable>(_ type: Form.Type, from request: Request, token: String, names: ServerNames) async throws -> Form {
        guard BrowserGuard.sameOrigin(request, names: names) else { throw Refusal.crossSite }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") ?? false else {
            throw Refusal.malformed("the body must be application/x-www-form-urlencoded")
        }
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: maximumBytes) } catch { throw Refusal.malformed("the form is over 64 KiB") }
        let fields: JSONValue
        do { fields = try RequestBody.form(Array(buffer.readableBytesView)) } catch { throw Refusal.malformed(error.description) }
        guard case .object(let members) = fields, case .string(let sent)? = members["csrf"],
            constantTimeEquals(Array(sent.utf8), Array(token.utf8))
        else { throw Refusal.missingToken }
        do { return try RequestBody.decoder.decode(type, from: fields) } catch { throw Refusal.malformed(error.description) }
    }
}

/// A form with nothing but the console's token (reset, delete an account, clear the faults).
struct TokenOnlyForm: Decodable, Sendable {}

/// `POST /console/tokens`: a pasted token to decode (an ID token may be long).
struct PastedTokenForm: Decodable, Sendable {
    var token: LongText?
}

/// `POST /console/accounts/:id/passkeys/delete`: the passkey's id, base64url.
struct PasskeyDeleteForm: Decodable, Sendable {
    var credential: String?
}

/// `POST /console/sessions/delete`: the SSO session's id.
struct SessionDeleteForm: Decodable, Sendable {
    var session: String?
}

/// `POST /console/accounts/:id/mfa/credentials/delete`: the factor's type (`email`, `sms`) and
/// its target (the address or number), as the account page lists them.
struct MfaCredentialDeleteForm: Decodable, Sendable {
    var type: String?
    var target: String?
}

/// `POST /console/accounts/:id/mfa/trusted-devices/delete`: the trusted device's id.
struct TrustedDeviceDeleteForm: Decodable, Sendable {
    var device: String?
}

/// `POST /console/clock`: whole seconds from 1 to 10 years; anything else reads as nil, which
/// the page explains.
struct ClockForm: Decodable, Sendable {
    var advanceSeconds: Int?

    enum CodingKeys: String, CodingKey { case advanceSeconds = "advance_seconds" }

    init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        advanceSeconds = try c.decodeIfPresent(String.self, forKey: .advanceSeconds).flatMap(Int.init).flatMap {
            (1...315_360_000).contains($0) ? $0 : nil
        }
    }
}
