import CTAP
import Foundation
@_spi(Benchmark) import LatchkeyCrypto
import WebAuthn

/// `bench --ctap`: getAssertion through the CTAP device, in process (CBOR in and out) and over
/// the Unix socket (CTAPHID reports both ways, a host on another thread of this process), each
/// paired with the raw OpenSSL sign, plus the socket's rate as a ratio to the in-process one.
enum CTAPBench {
    static func run(add: (String, () throws -> Void) throws -> Void, rows: () -> [BenchRow]) throws -> [BenchRow] {
        let device = try CTAPDevice()
        let hash = Digest.sha256("bench")
        let make = CTAPMakeCredential.Request(
            clientDataHash: hash, rpId: "bench.example", rpName: nil, user: CTAPUserEntity(id: [1], name: "u"),
            pubKeyCredParams: [.init(alg: .es256)], options: CTAPOptions(residentKey: true)
        ).encoded
        guard device.handle(make).first == 0 else { throw BenchmarkError("the CTAP bench device refused makeCredential") }
        let get = CTAPGetAssertion.Request(rpId: "bench.example", clientDataHash: hash).encoded

        try add("ctap-getAssertion-in-process") {
            guard device.handle(get).first == 0 else { throw BenchmarkError("getAssertion failed") }
        }

        let path = NSTemporaryDirectory() + "latchkey-bench-\(getpid()).sock"
        let transport = try UnixSocketTransport(path: path, device: device)
        defer { transport.close() }
        let host = try CTAPHIDClient(socketPath: path)
        try add("ctap-getAssertion-socket") {
            guard try host.cbor(get).first == 0 else { throw BenchmarkError("getAssertion over the socket failed") }
        }
        let measured = rows()
        guard let inProcess = measured.first(where: { $0.name == "ctap-getAssertion-in-process" })?.perSecond,
            let socket = measured.first(where: { $0.name == "ctap-getAssertion-socket" })?.perSecond
        else { return [] }
        return [
            BenchRow(
                name: "ctap-socket-vs-in-process", perSecond: socket, baseline: "ctap-getAssertion-in-process", ratio: socket / inProcess)
        ]
    }
}
