import Authenticator
import Testing

/// The one status type: every code has its spec name, CTAP1 codes (and 0x7F) say so, and the
/// description carries both the name and the byte a host sees.
@Suite struct CTAPStatusTests {
    @Test func everyCodeHasItsSpecName() {
        let names = CTAPStatus.allCases.map(\.name)
        #expect(Set(names).count == names.count, "two codes share a name")
        for status in CTAPStatus.allCases where status != .ok {
            let ctap1 = status.rawValue <= 0x0B || status == .other
            #expect(status.name.hasPrefix(ctap1 ? "CTAP1_ERR_" : "CTAP2_ERR_"), "\(status.name)")
        }
        #expect(CTAPStatus.ok.name == "CTAP2_OK")
        #expect(CTAPStatus.noCredentials.description == "CTAP2_ERR_NO_CREDENTIALS (0x2E)")
        #expect(CTAPStatus(rawValue: 0x27) == .operationDenied)
    }
}
