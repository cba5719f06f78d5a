/// Where one passkey login's time goes: for each step, the wall time the client saw, the CPU the
/// client thread spent, and the CPU the rest of the process (the server: event loops and
/// handlers) spent meanwhile. One client, so the server works only on that client's request; the
/// wall time beyond both CPUs is waiting (loopback, wake-ups).
enum LoginPhases {
    static func measure(port: Int, user: PasskeyLoginClient, seconds: Double) async throws -> [BenchRow] {
        let totals = try await ConcurrentClients.onThread { () throws -> PhaseTotals in
            let http = try KeepAliveConnection(port: port)
            var totals = PhaseTotals()
            let clock = ContinuousClock()
            let deadline = clock.now + .milliseconds(Int(seconds * 1000))
            try user.login(http) // warm: connection, caches
            while clock.now < deadline {
                var mark = (wall: clock.now, thread: CPUTime.thread, process: CPUTime.process)
                try user.login(http) { phase in
                    let now = (wall: clock.now, thread: CPUTime.thread, process: CPUTime.process)
                    totals.add(
                        phase, wall: (now.wall - mark.wall).seconds, client: now.thread - mark.thread,
                        server: (now.process - mark.process) - (now.thread - mark.thread))
                    mark = now
                }
                totals.logins += 1
            }
            return totals
        }
        guard totals.logins > 0 else { throw BenchmarkError("no login completed in the phase measurement") }
        let n = Double(totals.logins)
        var rows: [BenchRow] = []
        var sum = (wall: 0.0, client: 0.0, server: 0.0)
        for phase in PasskeyLoginClient.Phase.allCases {
            let t = totals.byPhase[phase, default: (0, 0, 0)]
            sum = (sum.wall + t.wall, sum.client + t.client, sum.server + t.server)
            rows.append(row("login-phase-\(phase.rawValue)", wall: t.wall / n, client: t.client / n, server: t.server / n))
        }
        rows.append(row("login-phase-total", wall: sum.wall / n, client: sum.client / n, server: sum.server / n))
        return rows
    }

    private static func row(_ name: String, wall: Double, client: Double, server: Double) -> BenchRow {
        var row = BenchRow.latency(name, wall)
        row.clientCPUms = client * 1000
        row.serverCPUms = max(0, server) * 1000
        return row
    }

    struct PhaseTotals: Sendable {
        var byPhase: [PasskeyLoginClient.Phase: (wall: Double, client: Double, server: Double)] = [:]
        var logins = 0

        mutating func add(_ phase: PasskeyLoginClient.Phase, wall: Double, client: Double, server: Double) {
            let t = byPhase[phase, default: (0, 0, 0)]
            byPhase[phase] = (t.wall + wall, t.client + client, t.server + server)
        }
    }
}
