import Foundation

/// Sends SIGKILL to a child still running at its deadline: a hang that ignores SIGTERM ends as
/// a failed status instead of a hung test (the deadline is far beyond any honest run).
struct Watchdog {
    private let timer: any DispatchSourceTimer

    init(killing pid: Int32, after deadline: Duration) {
        timer = DispatchSource.makeTimerSource()
        timer.schedule(deadline: .now() + deadline.seconds)
        timer.setEventHandler { kill(pid, SIGKILL) }
        timer.resume()
    }

    func cancel() { timer.cancel() }
}
