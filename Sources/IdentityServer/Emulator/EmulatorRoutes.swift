import Encoding
import Foundation
import Hummingbird
import ServiceLifecycle

/// The emulator's own API under `/emulator/v1`: the outbox (with long-polling), accounts,
/// the clock, the code limits in force, planned faults, the request journal, and whole-state
/// snapshots.
struct EmulatorRoutes {
    let env: ServerEnvironment

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/emulator/v1/outbox") { request, _ in try await outbox(request) }
        router.delete("/emulator/v1/outbox") { _, _ in
            try env.store.clearOutbox()
            return JSONResponse.noContent()
        }
        router.get("/emulator/v1/accounts") { _, _ in
            let accounts: [JSONValue] = try env.store.allAccounts().map { account in
                guard case .object(var o) = ProfileClaims.profile(account) else { return .null }
                o["passkeys"] = .array(
                    try env.store.passkeys(accountId: account.id).map { p in
                        .object([
                            "id": .string(Base64URL.encode(p.id)), "friendly_name": .string(p.friendlyName), "aaguid": .string(p.aaguid),
                            "sign_count": .number(Double(p.signCount)), "backup_eligible": .bool(p.backupEligible),
                            "backed_up": .bool(p.backupState),
                        ])
                    })
                return .object(o)
            }
            return JSONResponse.make(.object(["accounts": .array(accounts)]))
        }
        router.delete("/emulator/v1/accounts") { _, _ in
            try env.store.clearAll()
            return JSONResponse.noContent()
        }
        router.post("/emulator/v1/accounts") { request, _ in
            let body = try await JSONBody.read(request)
            var draft = try ProfileInput.draft(body, env: env)
            if let password = try body.string("password", maxLength: 1024) {
                draft.passwordHash = try await env.passwords.hash(password, random: env.secrets.random)
            }
            draft.emailVerified = try body.bool("email_verified") ?? false
            draft.phoneNumberVerified = try body.bool("phone_number_verified") ?? false
            let account = try AccountCreation.create(draft, in: env)
            return JSONResponse.make(ProfileClaims.profile(account), status: .created)
        }
        router.get("/emulator/v1/limits") { _, _ in
            let l = env.configuration.limits
            return JSONResponse.make(
                .object([
                    "codes_per_identifier": .number(Double(l.codesPerIdentifier)), "code_window_seconds": .number(Double(l.codeWindow)),
                    "wrong_codes_per_account": .number(Double(l.wrongCodesPerAccount)),
                    "wrong_code_window_seconds": .number(Double(l.wrongCodeWindow)),
                    "outbox_capacity": .number(Double(l.outboxCapacity)),
                    "fresh_login_seconds": .number(Double(env.configuration.freshLoginSeconds)),
                ]))
        }
        router.get("/emulator/v1/clock") { _, _ in clock() }
        router.post("/emulator/v1/clock") { request, _ in
            let body = try await JSONBody.read(request)
            guard case .number(let seconds)? = body.members["advance_seconds"], seconds.isFinite, seconds >= 0, seconds <= 10 * 365 * 86400
            else {
                throw APIError.invalidRequest("advance_seconds must be a number from 0 to 10 years", field: "advance_seconds")
            }
            env.clock.advance(seconds: seconds)
            return clock()
        }
        router.post("/emulator/v1/faults") { request, _ in
            let body = try await JSONBody.read(request)
            let path = try body.requiredString("path", maxLength: 512)
            guard path.hasPrefix("/"), !path.hasPrefix("/emulator/") else {
                throw APIError.invalidRequest("path must be a route path outside /emulator", field: "path")
            }
            let status = try integer(body, "status", in: 400...599, default: 500)
            let count = try integer(body, "count", in: 1...10_000, default: 1)
            let delay = try integer(body, "delay_ms", in: 0...60_000, default: 0)
            let error = try body.string("error", maxLength: 128) ?? (status >= 500 ? "server_error" : "invalid_request")
            env.faults.add(.init(path: path, status: status, error: error, remaining: count, delayMilliseconds: delay))
            return JSONResponse.make(faults(), status: .created)
        }
        router.get("/emulator/v1/faults") { _, _ in JSONResponse.make(faults()) }
        router.delete("/emulator/v1/faults") { _, _ in
            env.faults.clear()
            return JSONResponse.noContent()
        }
        router.get("/emulator/v1/requests") { request, _ in
            let limit = Int(request.uri.queryParameters.get("limit") ?? "100") ?? -1
            guard (1...RequestJournal.capacity).contains(limit) else {
                throw APIError.invalidRequest("limit must be 1 to \(RequestJournal.capacity)", field: "limit")
            }
            let items: [JSONValue] = env.journal.last(limit).map { e in
                var o: [String: JSONValue] = [
                    "method": .string(e.method), "path": .string(e.path), "status": .number(Double(e.status)),
                    "duration_ms": .number((e.durationMilliseconds * 1000).rounded() / 1000),
                    "at": .string(ISO8601DateFormatter().string(from: e.at)),
                ]
                if !e.query.isEmpty { o["query"] = .string(e.query) }
                if let c = e.correlationId { o["correlation_id"] = .string(c) }
                return .object(o)
            }
            return JSONResponse.make(.object(["requests": .array(items)]))
        }
        router.post("/emulator/v1/snapshot") { _, _ in
            let id = env.secrets.token(bytes: 12)
            try env.store.backup(to: try env.snapshotPath(id))
            return JSONResponse.make(.object(["id": .string(id)]), status: .created)
        }
        router.post("/emulator/v1/restore") { request, _ in
            let body = try await JSONBody.read(request)
            let id = try body.requiredString("id", maxLength: 64)
            guard id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
                FileManager.default.fileExists(atPath: try env.snapshotPath(id))
            else {
                throw APIError.notFound("No snapshot with this id")
            }
            try env.store.restore(from: try env.snapshotPath(id))
            return JSONResponse.noContent()
        }
    }

    private func integer(_ body: JSONBody, _ key: String, in range: ClosedRange<Int>, default value: Int) throws(APIError) -> Int {
        switch body.members[key] {
        case nil: return value
        case .number(let n)? where n.rounded() == n && n >= Double(range.lowerBound) && n <= Double(range.upperBound): return Int(n)
        default: throw APIError.invalidRequest("\(key) must be an integer from \(range.lowerBound) to \(range.upperBound)", field: key)
        }
    }

    private func clock() -> Response {
        JSONResponse.make(
            .object([
                "now": .string(ISO8601DateFormatter().string(from: env.clock.now)),
                "advanced_seconds": .number(env.clock.advancedBy),
            ]))
    }

    private func faults() -> JSONValue {
        .object([
            "faults": .array(
                env.faults.pending().map { f in
                    .object([
                        "path": .string(f.path), "status": .number(Double(f.status)), "error": .string(f.error),
                        "count": .number(Double(f.remaining)), "delay_ms": .number(Double(f.delayMilliseconds)),
                    ])
                })
        ])
    }

    /// `GET /emulator/v1/outbox?to=&channel=&since=&after_id=&wait=`: with `wait`, polls until a
    /// message matches, the wait (at most 60 s) runs out, or the server begins to shut down.
    private func outbox(_ request: Request) async throws -> Response {
        let q = request.uri.queryParameters
        let to = q.get("to").map { $0.contains("@") ? $0.lowercased() : $0 }
        let channel = q.get("channel")
        if let channel, channel != "email", channel != "sms" {
            throw APIError.invalidRequest("channel must be email or sms", field: "channel")
        }
        var since: Int64?
        if let s = q.get("since") {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            guard let date = f.date(from: s) ?? ISO8601DateFormatter().date(from: s) else {
                throw APIError.invalidRequest("since must be an ISO 8601 date-time", field: "since")
            }
            since = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        }
        var afterId: Int64?
        if let a = q.get("after_id") {
            guard let id = Int64(a), id >= 0 else {
                throw APIError.invalidRequest("after_id must be a message id (a whole number, 0 or more)", field: "after_id")
            }
            afterId = id
        }
        var wait = 0.0
        if let w = q.get("wait") {
            guard let v = Double(w), v.isFinite, v >= 0, v <= 60 else {
                throw APIError.invalidRequest("wait must be 0 to 60 seconds", field: "wait")
            }
            wait = v
        }
        let deadline = ContinuousClock.now + .milliseconds(Int(wait * 1000))
        let matching = { try env.store.outbox(recipient: to, channel: channel, sinceMilliseconds: since, afterId: afterId) }
        var messages = try matching()
        // A shutdown ends the wait at once: the server would otherwise hold SIGTERM for as long
        // as the longest open long-poll (up to 60 s).
        while messages.isEmpty && ContinuousClock.now < deadline && !Task.isShuttingDownGracefully {
            try await Task.sleep(for: .milliseconds(50))
            messages = try matching()
        }
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return JSONResponse.make(
            .object([
                "messages": .array(
                    messages.map { m in
                        var o: [String: JSONValue] = [
                            "id": .string(String(m.id)), "channel": .string(m.channel), "to": .string(m.recipient), "body": .string(m.body),
                            "created_at": .string(f.string(from: Date(timeIntervalSince1970: Double(m.createdAtMilliseconds) / 1000))),
                        ]
                        if let s = m.subject { o["subject"] = .string(s) }
                        if let c = m.code { o["code"] = .string(c) }
                        if let l = m.link { o["link"] = .string(l) }
                        return .object(o)
                    })
            ]))
    }
}
