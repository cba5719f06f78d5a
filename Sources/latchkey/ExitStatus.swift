import ArgumentParser

/// The CLI's exit codes. README documents the same table; later commands reuse it.
enum ExitStatus: Int32 {
    case ok = 0
    case failed = 1
    case usage = 2
    case authCanceled = 3
    case vaultLocked = 4
    case vaultDamaged = 5
}

/// Another program's exit status, which a command (`latchkey exec`) ends with as it is.
struct PassedStatus: Error {
    var code: Int32
}

/// An error a command raises to end with a specific status and a one-line message.
struct CommandFailure: Error, CustomStringConvertible {
    var status: ExitStatus
    var message: String
    init(_ status: ExitStatus, _ message: String) {
        self.status = status
        self.message = message
    }
    var description: String { message }
}
