import XCTest

@testable import IdentityServer

/// `/api/v1/providers`' variant: ReachFive's choice (providerCreator.adoc) among a provider's
/// variants, from the `<provider>=<variant>` the SDK sends.
final class ProvidersVariantTests: XCTestCase {
    func testTheAskedVariantWinsCaseAside() {
        XCTAssertEqual(ConfigRoutes.chooseVariant("NATIVE", among: ["web", "native"]), "native")
    }

    func testWithoutAMatchTheFirstIosVariantThenTheDefault() {
        XCTAssertEqual(ConfigRoutes.chooseVariant("natif", among: ["web", "my_iOS", "ios2"]), "my_iOS")
        XCTAssertEqual(ConfigRoutes.chooseVariant(nil, among: ["web", "ios"]), "ios")
        XCTAssertEqual(ConfigRoutes.chooseVariant("natif", among: ["default", "web"]), "default")
    }

    func testAppleAnswersItsNativeVariant() {
        XCTAssertEqual(ConfigRoutes.chooseVariant("ios_native", among: ConfigRoutes.appleVariants), "native")
    }
}
