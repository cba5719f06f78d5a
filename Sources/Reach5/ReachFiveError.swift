import Foundation

/// The SDK's error, with its four cases and the same mapping (docs/design/reachfive-protocol.md §3 and §9):
/// 400 → `RequestError`, 401 → `AuthFailure`, any other non-2xx and any transport failure →
/// `TechnicalError`; the sheet's `canceled` and a superseded request → `AuthCanceled`.
public enum ReachFiveError: Error, Sendable, CustomStringConvertible, LocalizedError {
    case RequestError(apiError: ApiError)
    case AuthFailure(reason: String, apiError: ApiError? = nil)
    /// Nothing happened and nothing is expected of the caller: no credential was found and the
    /// sheet ended silently, the user canceled, or a newer request superseded this one.
    case AuthCanceled
    case TechnicalError(reason: String, apiError: ApiError? = nil)

    /// Debug-friendly text: the case and its fields.
    public var description: String {
        switch self {
        case .RequestError(let apiError): mkString(start: "RequestError", fields: (apiError, "apiError"))
        case .AuthFailure(let reason, let apiError): mkString(start: "AuthFailure", fields: (reason, "reason"), (apiError, "apiError"))
        case .AuthCanceled: "AuthCanceled"
        case .TechnicalError(let reason, let apiError):
            mkString(start: "TechnicalError", fields: (reason, "reason"), (apiError, "apiError"))
        }
    }

    /// User-friendly text, as the SDK builds it: the reason (if any), then the server's
    /// `error_user_msg` (or `error_description`) and one `field: message` line per detail.
    public func message() -> String {
        switch self {
        case .RequestError(let apiError): Self.message(reason: "", apiError: apiError)
        case .AuthFailure(let reason, let apiError): Self.message(reason: reason, apiError: apiError)
        case .AuthCanceled: "Auth Canceled"
        case .TechnicalError(let reason, let apiError): Self.message(reason: reason, apiError: apiError)
        }
    }

    /// `localizedDescription` reads it: the same text as `message()`.
    public var errorDescription: String? { message() }

    private static func message(reason: String, apiError: ApiError?) -> String {
        let serverLines: [String]? = apiError.flatMap { api in
            var lines = (api.errorDetails ?? []).compactMap { detail in
                detail.field.flatMap { field in detail.message.map { "\(field): \($0)" } }
            }
            if let top = api.errorUserMsg ?? api.errorDescription { lines.insert(top, at: 0) }
            return lines.isEmpty ? nil : lines
        }
        let server = serverLines.map { mkString(start: "", sep: "\n", end: "", fields: $0) }
        if reason.isEmpty { return server ?? "no message" }
        return server.map { "\(reason)\n \($0)" } ?? reason
    }
}

/// ReachFive's error body; every field optional.
public final class ApiError: Codable, Sendable, CustomStringConvertible {
    public let error: String?
    public let errorId: String?
    public let errorUserMsg: String?
    public let errorMessageKey: String?
    public let errorDescription: String?
    public let errorDetails: [FieldError]?

    public init(
        error: String? = nil, errorId: String? = nil, errorUserMsg: String? = nil, errorMessageKey: String? = nil,
        errorDescription: String? = nil, errorDetails: [FieldError]? = nil
    ) {
        self.error = error
        self.errorId = errorId
        self.errorUserMsg = errorUserMsg
        self.errorMessageKey = errorMessageKey
        self.errorDescription = errorDescription
        self.errorDetails = errorDetails
    }

    /// The error a redirect carries in its query (`error`, `error_id`, `error_user_msg`,
    /// `error_message_key`, `error_description`; `+` read as a space in the two texts); nil when
    /// none of them is there.
    public convenience init?(fromQueryParams params: [URLQueryItem]?) {
        guard let params else { return nil }
        func named(_ name: String) -> String? { params.first { $0.name == name }?.value }
        let error = named("error")
        let errorId = named("error_id")
        let userMsg = named("error_user_msg")
        let key = named("error_message_key")
        let desc = named("error_description")
        if error == nil, errorId == nil, userMsg == nil, key == nil, desc == nil { return nil }
        self.init(
            error: error, errorId: errorId, errorUserMsg: userMsg.map(QueryPlusSigns.asSpaces), errorMessageKey: key,
            errorDescription: desc.map(QueryPlusSigns.asSpaces))
    }

    public var description: String {
        mkString(
            start: "ApiError", fields: (error, "error"), (errorId, "errorId"), (errorMessageKey, "errorMessageKey"),
            (errorUserMsg, "errorUserMsg"), (errorDescription, "errorDescription"), (errorDetails, "errorDetails"))
    }

    /// Latchkey's addition: the server's text alone (`error_user_msg` or `error_description`,
    /// then one `field: message` line per detail).
    public func message() -> String {
        let head = errorUserMsg ?? errorDescription ?? ""
        let lines = (errorDetails ?? []).map { "\($0.field ?? ""): \($0.message ?? "")" }
        return ([head] + lines).filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

public final class FieldError: Codable, Sendable, CustomStringConvertible {
    public let field: String?
    public let message: String?
    public let code: String?

    public init(field: String? = nil, message: String? = nil, code: String? = nil) {
        self.field = field
        self.message = message
        self.code = code
    }

    public var description: String { mkString(start: "FieldError", fields: (field, "field"), (message, "message"), (code, "code")) }
}
