import Hummingbird

/// The one place a store refusal becomes the API's answer.
extension APIError {
    init(_ error: StoreError) {
        switch error {
        case .accountGone: self = .invalidToken("The account no longer exists")
        case .identifierTaken(.email): self = .emailAlreadyExists
        case .identifierTaken(.phoneNumber): self = .phoneNumberAlreadyExists
        case .identifierTaken(.customIdentifier): self = .customIdentifierAlreadyExists
        case .credentialAlreadyRegistered:
            self = APIError(.badRequest, "invalid_request", "This credential is already registered", key: .webauthnFailed)
        case .tooManyWrongCodes(let wait): self = .tooManyRequests("Too many wrong codes; try again in \(wait) s", retryAfter: wait)
        case .wrongCode: self = .invalidVerificationCode
        }
    }

    /// `error` as the API answers it, when it is one of the server's own refusals (an
    /// `APIError`, or a store refusal); nil for anything else.
    static func answer(for error: any Error) -> APIError? {
        if let api = error as? APIError { return api }
        if let store = error as? StoreError { return APIError(store) }
        return nil
    }

    static let emailAlreadyExists = APIError(
        .badRequest, "email_already_exists", "Email already in use", key: .emailAlreadyExists,
        details: [FieldError(field: "email", message: "Email already in use", code: "email_already_exists")])
    static let phoneNumberAlreadyExists = APIError(
        .badRequest, "phone_number_already_exists", "Phone number already in use",
        key: .phoneNumberAlreadyExists,
        details: [FieldError(field: "phone_number", message: "Phone number already in use", code: "phone_number_already_exists")])
    static let customIdentifierAlreadyExists = APIError(
        .badRequest, "custom_identifier_already_exists", "Custom identifier already in use",
        key: .customIdentifierAlreadyExists,
        details: [
            FieldError(field: "custom_identifier", message: "Custom identifier already in use", code: "custom_identifier_already_exists")
        ])
}

extension StoreError: HTTPResponseError {
    var status: HTTPResponse.Status { APIError(self).status }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        try APIError(self).response(from: request, context: context)
    }
}
