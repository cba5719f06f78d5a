import Foundation
import XCTest

@_spi(ReachFive82) @testable import Reach5

/// The SDK's error surface: `message()`/`description`/`localizedDescription` texts as 11.0 builds
/// them, `ApiError(fromQueryParams:)`, and a server that cannot be reached failing both forms
/// with `TechnicalError` (never a raw `URLError`).
final class ReachFiveErrorTests: XCTestCase {
    private let detailed = ApiError(
        error: "invalid_request", errorId: "e1", errorUserMsg: "Invalid data", errorMessageKey: "error.invalid",
        errorDescription: "desc",
        errorDetails: [FieldError(field: "email", message: "Must be an email", code: "email"), FieldError(code: "x")])

    func testMessageAsTheSDKBuildsIt() {
        XCTAssertEqual(ReachFiveError.RequestError(apiError: detailed).message(), "Invalid data\nemail: Must be an email")
        XCTAssertEqual(ReachFiveError.RequestError(apiError: ApiError()).message(), "no message")
        XCTAssertEqual(ReachFiveError.AuthFailure(reason: "Unauthorized").message(), "Unauthorized")
        XCTAssertEqual(
            ReachFiveError.TechnicalError(reason: "Response with 500 error code", apiError: ApiError(errorDescription: "down")).message(),
            "Response with 500 error code\n down")
        XCTAssertEqual(ReachFiveError.AuthCanceled.message(), "Auth Canceled")
    }

    func testLocalizedErrorIsTheMessage() {
        let error: Error = ReachFiveError.RequestError(apiError: detailed)
        XCTAssertEqual(error.localizedDescription, "Invalid data\nemail: Must be an email")
        XCTAssertEqual((error as? LocalizedError)?.errorDescription, "Invalid data\nemail: Must be an email")
    }

    func testDescriptionNamesTheFields() {
        XCTAssertEqual(ReachFiveError.AuthCanceled.description, "AuthCanceled")
        XCTAssertEqual(ReachFiveError.AuthFailure(reason: "r").description, "AuthFailure(reason: \"r\")")
        XCTAssertEqual(
            ReachFiveError.RequestError(apiError: ApiError(error: "e", errorDetails: [FieldError(field: "f")])).description,
            "RequestError(apiError: ApiError(error: \"e\", errorDetails: [FieldError(field: \"f\")]))")
    }

    func testApiErrorFromQueryParams() throws {
        XCTAssertNil(ApiError(fromQueryParams: nil))
        XCTAssertNil(ApiError(fromQueryParams: [URLQueryItem(name: "code", value: "c")]))
        let items = URLComponents(
            string:
                "app://callback?error=access_denied&error_id=i1&error_user_msg=Not+allowed&error_message_key=k&error_description=Bad+token"
        )?.queryItems
        let api = try XCTUnwrap(ApiError(fromQueryParams: items))
        XCTAssertEqual(api.error, "access_denied")
        XCTAssertEqual(api.errorId, "i1")
        XCTAssertEqual(api.errorUserMsg, "Not allowed")
        XCTAssertEqual(api.errorMessageKey, "k")
        XCTAssertEqual(api.errorDescription, "Bad token")
        XCTAssertNil(api.errorDetails)
    }

    /// Nothing listens on port 1: both forms give `TechnicalError`, whose text names no URL.
    func testServerDownIsTechnicalErrorInBothForms() async throws {
        let reachfive = ReachFive(sdkConfig: SdkConfig(domain: "127.0.0.1:1", clientId: "client-id"))
        do {
            _ = try await reachfive.initialize() as [Provider]
            XCTFail("no server answers")
        } catch let error as ReachFiveError {
            guard case .TechnicalError(let reason, nil) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("Network error"), reason)
            XCTAssertFalse(reason.contains("127.0.0.1"), reason)
        }
        let future: Future<[Provider], ReachFiveError> = reachfive.initialize()
        do {
            _ = try await future.value()
            XCTFail("no server answers")
        } catch {
            guard case .TechnicalError(let reason, nil) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(reason.hasPrefix("Network error"), reason)
        }
    }
}
