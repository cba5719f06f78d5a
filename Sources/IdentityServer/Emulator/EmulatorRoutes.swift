import Encoding
import Foundation
import Hummingbird

/// The emulator's own API under `/emulator/v1`: the outbox (with long-polling), accounts and
/// their MFA state, the clock, the code limits in force, planned faults, the request journal,
/// and whole-state snapshots. Each handler decodes its request type, makes one call, and encodes the answer;
/// the store is reached only through `EmulatorControl`, off the event loop.
struct EmulatorRoutes {
    let control: EmulatorControl
    let configuration: ServerConfiguration
    let clock: ServerClock
    let faults: FaultPlan
    let journal: RequestJournal

    func addRoutes(to routes: PolicyRouter) {
        routes.emulator(.get, "/emulator/v1/outbox") { request, _ in
            let query = try RequestBody.decodeQuery(OutboxQuery.self, from: request)
            return try JSONResponse.make(OutboxResponse(try await control.outbox(query)))
        }
        routes.emulator(.get, "/emulator/v1/outbox/polls") { _, _ in
            try JSONResponse.make(OpenLongPollsResponse(open: control.openPolls.current))
        }
        routes.emulator(.delete, "/emulator/v1/outbox") { _, _ in
            try await control.clearOutbox()
            return JSONResponse.noContent()
        }
        routes.emulator(.get, "/emulator/v1/accounts") { _, _ in try JSONResponse.make(AccountsResponse(try await control.accounts())) }
        routes.emulator(.delete, "/emulator/v1/accounts") { _, _ in
            try await control.clearAll()
            return JSONResponse.noContent()
        }
        routes.emulator(.post, "/emulator/v1/accounts") { request, _ in
            let seed = try await RequestBody.decode(SeedAccountRequest.self, from: request)
            let account = try await control.createAccount(seed)
            return JSONResponse.make(ProfileClaims.profile(account), status: .created)
        }
        routes.emulator(.get, "/emulator/v1/accounts/:id/mfa") { _, context in
            let id = try context.parameters.require("id")
            return try JSONResponse.make(MfaStateResponse(accountId: id, try await control.mfaState(accountId: id)))
        }
        // The account's session devices, as the SDK's listSessionDevices shows them.
        routes.emulator(.get, "/emulator/v1/accounts/:id/session-devices") { _, context in
            let id = try context.parameters.require("id")
            return try JSONResponse.make(
                SessionDeviceRoutes.ListResponse(
                    sessionDevices: try await control.sessionDevices(accountId: id).map(SessionDeviceRoutes.Item.init)))
        }
        routes.emulator(.get, "/emulator/v1/limits") { _, _ in try JSONResponse.make(LimitsResponse(configuration)) }
        routes.emulator(.get, "/emulator/v1/clock") { _, _ in try JSONResponse.make(ClockResponse(clock)) }
        routes.emulator(.post, "/emulator/v1/clock") { request, _ in
            let body = try await RequestBody.decode(ClockRequest.self, from: request)
            clock.advance(seconds: body.advanceSeconds)
            return try JSONResponse.make(ClockResponse(clock))
        }
        routes.emulator(.post, "/emulator/v1/faults") { request, _ in
            let f = try await RequestBody.decode(FaultRequest.self, from: request)
            faults.add(
                .init(path: f.path, status: f.status, error: f.error, remaining: f.count, delayMilliseconds: f.delayMilliseconds))
            return try JSONResponse.make(FaultsResponse(faults), status: .created)
        }
        routes.emulator(.get, "/emulator/v1/faults") { _, _ in try JSONResponse.make(FaultsResponse(faults)) }
        routes.emulator(.delete, "/emulator/v1/faults") { _, _ in
            faults.clear()
            return JSONResponse.noContent()
        }
        routes.emulator(.get, "/emulator/v1/requests") { request, _ in
            let query = try RequestBody.decodeQuery(RequestsQuery.self, from: request)
            return try JSONResponse.make(RequestsResponse(journal.last(query.limit)))
        }
        routes.emulator(.post, "/emulator/v1/snapshot") { _, _ in
            try JSONResponse.make(SnapshotResponse(id: try await control.snapshot()), status: .created)
        }
        routes.emulator(.post, "/emulator/v1/restore") { request, _ in
            let body = try await RequestBody.decode(RestoreRequest.self, from: request)
            try await control.restore(body.id)
            return JSONResponse.noContent()
        }
    }
}
