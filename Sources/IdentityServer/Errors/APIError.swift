import Encoding
import Foundation
import HTTPTypes
import Hummingbird

/// One field's problem, as ReachFive reports it in `error_details`.
struct FieldError: Sendable, Equatable {
    var field: String
    var message: String
    var code: String
}

/// A ReachFive-shaped error response (`error`, `error_id`, `error_description`,
/// `error_message_key`, `error_user_msg`, `error_details`). `error_user_msg` is localized from
/// the request's Accept-Language when the response is written.
struct APIError: Error, HTTPResponseError, Sendable {
    var status: HTTPResponse.Status
    var error: String
    var description: String
    var messageKey: MessageKey
    var details: [FieldError] = []
    /// Seconds a refused client should wait (`Retry-After`), for 429.
    var retryAfter: Int64?

    init(_ status: HTTPResponse.Status, _ error: String, _ description: String, key: MessageKey, details: [FieldError] = []) {
        self.status = status
        self.error = error
        self.description = description
        self.messageKey = key
        self.details = details
    }

    func body(locale: String, errorId: String) -> JSONValue {
        var object: [String: JSONValue] = [
            "error": .string(error),
            "error_id": .string(errorId),
            "error_description": .string(description),
            "error_message_key": .string(messageKey.rawValue),
            "error_user_msg": .string(LocalizedMessages.message(messageKey, locale: locale)),
        ]
        if !details.isEmpty {
            object["error_details"] = .array(
                details.map {
                    .object(["field": .string($0.field), "message": .string($0.message), "code": .string($0.code)])
                })
        }
        return .object(object)
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let locale = LocalizedMessages.bestLocale(acceptLanguage: request.headers[.acceptLanguage])
        var headers = HTTPFields()
        if status == .unauthorized { headers[.wwwAuthenticate] = "Bearer error=\"invalid_token\"" }
        if status == .forbidden, error == "insufficient_scope" { headers[.wwwAuthenticate] = "Bearer error=\"insufficient_scope\"" }
        if let retryAfter { headers[.retryAfter] = String(retryAfter) }
        return JSONResponse.make(body(locale: locale, errorId: String(describing: context.id)), status: status, headers: headers)
    }
}

extension APIError {
    /// 400 `invalid_request`: a body or parameter that does not meet the contract.
    static func invalidRequest(_ description: String, field: String? = nil, code: String = "invalid") -> APIError {
        APIError(
            .badRequest, "invalid_request", description, key: .invalidRequest,
            details: field.map { [FieldError(field: $0, message: description, code: code)] } ?? [])
    }
    static func invalidGrant(_ description: String, key: MessageKey = .invalidGrant) -> APIError {
        APIError(.badRequest, "invalid_grant", description, key: key)
    }
    static let badCredentials = APIError(.badRequest, "invalid_grant", "Invalid email or password", key: .invalidEmailOrPassword)
    static func invalidToken(_ description: String) -> APIError {
        APIError(.unauthorized, "invalid_token", description, key: .invalidToken)
    }
    static func insufficientScope(_ scope: String) -> APIError {
        APIError(.forbidden, "insufficient_scope", "The access token lacks the \(scope) scope", key: .insufficientScope)
    }
    static func invalidClient(_ description: String = "Unknown client_id") -> APIError {
        APIError(.badRequest, "invalid_client", description, key: .invalidClient)
    }
    static func notFound(_ description: String) -> APIError {
        APIError(.notFound, "not_found", description, key: .notFound)
    }
    /// 429: a code limit was reached; `seconds` until the client may ask again.
    static func tooManyRequests(_ description: String, retryAfter seconds: Int64) -> APIError {
        var error = APIError(.tooManyRequests, "too_many_requests", description, key: .tooManyRequests)
        error.retryAfter = seconds
        return error
    }
    /// 401 when a change to how the account signs in (a route whose policy asks a fresh login)
    /// comes with a token whose login is older than `fresh_login_seconds` (ReachFive's
    /// `error.accessToken.freshness`).
    static let staleLogin = APIError(
        .unauthorized, "invalid_token", "The login behind this access token is too old for this change: log in again",
        key: .accessTokenFreshness)
    static func featureDisabled(_ description: String) -> APIError {
        APIError(.badRequest, "invalid_request", description, key: .featureDisabled)
    }
}
