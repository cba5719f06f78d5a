import Foundation

/// The running `latchkey` binary, for starting a copy of it as a child (`bench --server`).
/// `argv[0]` is not a path when the shell found the command on `PATH` (it is just `latchkey`,
/// which would be looked up in the current folder), so the kernel's `/proc/self/exe` link is
/// asked first.
enum OwnExecutable {
    static var url: URL {
        // no /proc mounted: fall back to the bundle's path and argv[0] below
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return URL(fileURLWithPath: target)
        }
        if let main = Bundle.main.executableURL { return main.resolvingSymlinksInPath() }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    }
}
