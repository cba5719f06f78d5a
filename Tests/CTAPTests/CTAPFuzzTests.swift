import Authenticator
import CBOR
import Foundation
import LatchkeyCrypto
import TestSupport
import Testing

@testable import CTAP

/// Acceptance: 10^5 CTAP CBOR commands (mutations of valid ones for every command, and random
/// bytes) give a status from the spec's list and never crash; the device then still answers a
/// well-formed getInfo, makeCredential and getAssertion.
@Suite struct CTAPFuzzTests {
    @Test func fuzzedCommandsGetStatusesAndLeaveTheDeviceWorking() throws {
        let device = try CTAPDevice()
        let host = CTAPHost(device: device)
        #expect(host.makeCredential(user: [1]).status == .ok)
        let hash = CBOR.bytes([UInt8](repeating: 7, count: 32))
        let rp = CBOR.map([(.text("id"), .text("example.com"))])
        let user = CBOR.map([(.text("id"), .bytes([1])), (.text("name"), .text("a"))])
        let algs = CBOR.array([.map([(.text("alg"), .int(-7)), (.text("type"), .text("public-key"))])])
        func command(_ c: CTAPDevice.Command, _ p: [(Int, CBOR)]) -> [UInt8] {
            [c.rawValue] + CBOREncoder.encode(.map(p.map { (.int($0.0), $0.1) }))
        }
        let seeds: [[UInt8]] = [
            [CTAPDevice.Command.getInfo.rawValue],
            command(.makeCredential, [(1, hash), (2, rp), (3, user), (4, algs), (7, .map([(.text("rk"), .bool(false))]))]),
            command(.getAssertion, [(1, "example.com"), (2, hash), (5, .map([(.text("up"), .bool(false))]))]),
            command(
                .getAssertion,
                [
                    (1, "example.com"), (2, hash),
                    (4, .map([(.text("hmac-secret"), .map([(.int(1), .map([])), (.int(2), .bytes([0])), (.int(3), .bytes([0]))]))])),
                ]),
            command(.clientPIN, [(1, 2), (2, 2)]),
            command(.clientPIN, [(1, 1), (2, 1)]),
            command(.clientPIN, [(1, 2), (2, 5), (3, .map([])), (6, .bytes([0]))]),
            command(.credentialManagement, [(1, 1), (3, 2), (4, .bytes([0]))]),
            [CTAPDevice.Command.getNextAssertion.rawValue],
            [CTAPDevice.Command.selection.rawValue],
        ]
        var rng = SplitMix64(seed: 0xF1D0_0001)
        let known = Set(CTAPStatus.allCases.map(\.rawValue))
        var statuses: [UInt8: Int] = [:]
        for i in 0..<100_000 {
            var input: [UInt8]
            if i % 10 == 0 {
                input = (0..<Int(rng.next() % 80)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            } else {
                input = rng.mutate(seeds[Int(rng.next() % UInt64(seeds.count))])
                // Reset would wipe the device; selection and reset keep their own tests.
                if input.first == CTAPDevice.Command.reset.rawValue { input[0] = CTAPDevice.Command.getInfo.rawValue }
            }
            let reply = device.handle(input)
            #expect(!reply.isEmpty && known.contains(reply[0]), "input \(input)")
            statuses[reply[0], default: 0] += 1
            if reply[0] == CTAPStatus.ok.rawValue, reply.count > 1 {
                #expect((try? CBORDecoder(requireCanonical: true).decode(reply.dropFirst())) != nil, "a success carries canonical CBOR")
            }
        }
        #expect(statuses.count > 5, "the fuzz reached several outcomes: \(statuses)")
        device.pin.powerCycle()
        #expect(host.call(.getInfo).status == .ok)
        #expect(host.makeCredential(user: [2]).status == .ok || device.pin.isSet)
        #expect(host.call(.getAssertion, [(0x01, "example.com"), (0x02, hash)]).status == .ok)
    }
}
