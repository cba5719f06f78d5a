import Foundation

/// The SDK's error, with its four cases and the same mapping (protocol doc §3 and §9):
/// 400 → `RequestError`, 401 → `AuthFailure`, any other non-2xx → `TechnicalError`; the sheet's
/// `canceled` and a superseded request → `AuthCanceled`.
public enum ReachFiveError: Error, Sendable, CustomStringConvertible {
    case RequestError(apiError: ApiError)
    case AuthFailure(reason: String, apiError: ApiError? = nil)
    case AuthCanceled
    case TechnicalError(reason: String, apiError: ApiError? = nil)

    /// The user-facing text: `error_user_msg` (or `error_description`), then one
    /// `field: message` line per detail, as the SDK's `message()` builds it.
    public func message() -> String {
        switch self {
        case .AuthCanceled: return "Auth Canceled"
        case .RequestError(let api): return api.message()
        case .AuthFailure(let reason, let api), .TechnicalError(let reason, let api): return api?.message() ?? reason
        }
    }

    public var description: String {
        switch self {
        case .AuthCanceled: return "AuthCanceled"
        case .RequestError(let api): return "RequestError(\(api.error ?? "-"): \(api.errorDescription ?? "-"))"
        case .AuthFailure(let reason, let api): return "AuthFailure(\(reason)\(api.map { ", \($0.error ?? "-")" } ?? ""))"
        case .TechnicalError(let reason, let api): return "TechnicalError(\(reason)\(api.map { ", \($0.error ?? "-")" } ?? ""))"
        }
    }
}

/// ReachFive's error body; every field optional.
public final class ApiError: Codable, Sendable {
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

    public func message() -> String {
        let head = errorUserMsg ?? errorDescription ?? ""
        let lines = (errorDetails ?? []).map { "\($0.field ?? ""): \($0.message ?? "")" }
        return ([head] + lines).filter { !$0.isEmpty }.joined(separator: "\n")
    }
}

public final class FieldError: Codable, Sendable {
    public let field: String?
    public let message: String?
    public let code: String?
    public init(field: String?, message: String?, code: String?) {
        self.field = field
        self.message = message
        self.code = code
    }
}
