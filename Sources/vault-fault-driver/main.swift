// A child process for the vault's fault-injection tests (Tests/VaultTests/VaultProcessTests).
// It performs vault writes and prints one line per acknowledged (committed) operation, so the
// parent can SIGKILL it at any moment and then check that every acknowledged write survived.
//
//   vault-fault-driver write PATH            add items forever; every 7th op deletes one
//   vault-fault-driver concurrent PATH ID N  add N items and increment counter item ID N times
//   vault-fault-driver passwd PATH           change the passphrase from $OLD to $NEW
//   vault-fault-driver rotate PATH           rotate the vault key
//   vault-fault-driver fill PATH BYTES       cap file growth at BYTES (RLIMIT_FSIZE), add until refused
//
// The passphrase comes from $LATCHKEY_PASSPHRASE (or $OLD/$NEW for passwd).
import Foundation
import Vault
import WebAuthn

/// One acknowledgement per line, written straight to fd 1 so nothing sits in a buffer at SIGKILL.
func acknowledge(_ line: String) {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
}
let args = CommandLine.arguments
guard args.count >= 3 else {
    FileHandle.standardError.write(Data("usage: vault-fault-driver MODE PATH ...\n".utf8))
    exit(2)
}
let env = ProcessInfo.processInfo.environment
let path = args[2]

do {
    switch args[1] {
    case "write":
        let vault = try Vault.open(at: path, passphrase: Array((env["LATCHKEY_PASSPHRASE"] ?? "").utf8))
        var mine: [[UInt8]] = []
        var n = 0
        while true {
            n += 1
            if n % 7 == 0, let victim = mine.first {
                try vault.remove(id: victim)
                mine.removeFirst()
                acknowledge("del \(Base64URL.encode(victim))")
            } else {
                let id = try vault.add(.password(PasswordItem(domain: "crash.example", username: "u\(n)", password: "p\(n)")))
                mine.append(id)
                acknowledge("ack \(Base64URL.encode(id))")
            }
        }
    case "concurrent":
        let vault = try Vault.open(at: path, passphrase: Array((env["LATCHKEY_PASSPHRASE"] ?? "").utf8))
        guard args.count == 5, let counter = Base64URL.decode(args[3]), let n = Int(args[4]) else { exit(2) }
        for i in 0..<n {
            try vault.add(.password(PasswordItem(domain: "concurrent.example", username: "\(getpid())-\(i)", password: "x")))
            try vault.modify(id: counter) { item in
                guard case .password(var p) = item else { return item }
                p.password = String((Int(p.password) ?? 0) + 1)
                return .password(p)
            }
        }
        acknowledge("done")
    case "passwd":
        let vault = try Vault.open(at: path, passphrase: Array((env["OLD"] ?? "").utf8))
        acknowledge("unlocked")
        try vault.changePassphrase(to: Array((env["NEW"] ?? "").utf8))
        acknowledge("changed")
    case "rotate":
        let vault = try Vault.open(at: path, passphrase: Array((env["LATCHKEY_PASSPHRASE"] ?? "").utf8))
        acknowledge("unlocked")
        try vault.rotateKey()
        acknowledge("rotated")
    case "fill":
        guard args.count == 4, let cap = UInt64(args[3]) else { exit(2) }
        let vault = try Vault.open(at: path, passphrase: Array((env["LATCHKEY_PASSPHRASE"] ?? "").utf8))
        signal(SIGXFSZ, SIG_IGN) // get EFBIG from write() instead of being killed
        var limit = rlimit(rlim_cur: rlim_t(cap), rlim_max: rlim_t(cap))
        setrlimit(Int32(RLIMIT_FSIZE.rawValue), &limit)
        var n = 0
        while true {
            do {
                let id = try vault.add(
                    .password(PasswordItem(domain: "fill.example", username: "u\(n)", password: String(repeating: "x", count: 2000))))
                acknowledge("ack \(Base64URL.encode(id))")
                n += 1
            } catch {
                acknowledge("refused \(error)")
                exit(0)
            }
        }
    default:
        exit(2)
    }
} catch {
    FileHandle.standardError.write(Data("vault-fault-driver: \(error)\n".utf8))
    exit(1)
}
