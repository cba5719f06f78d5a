// The driver of one release of the ReachFive iOS SDK (SDK_9_1, SDK_10_0 or SDK_11_0), run by
// .ci/reference-sdk against `latchkey serve --https`: every flow the release's client can make,
// one line per call, exit 1 on any FAIL.
import Foundation

@MainActor
func drive() async -> Int32 {
    let flows: Flows
    do {
        flows = try Flows()
    } catch {
        print("FAIL \(Report.release) setup: \(error)")
        return 1
    }
    await flows.passwordFlows()
    await flows.profileFlows()
    await flows.recoveryFlows()
    await flows.passwordlessFlows()
    await flows.mfaFlows()
    await flows.sessionFlows()
    await flows.passkeyFlows()
    print("\(Report.release): \(Report.passed) passed, \(Report.failed) failed")
    return Report.failed == 0 ? 0 : 1
}

exit(await drive())
