import Foundation
import Hummingbird

/// `GET /identity/v1/session-devices` and `DELETE /identity/v1/session-devices/{id}` (SDK
/// 11.0's `SessionDevice`, decoded from snake_case): the bearer's sessions, and ending one.
struct SessionDeviceRoutes {
    let devices: SessionDevices

    /// One device as the SDK decodes it; times are ISO 8601 (`createdAt: String`).
    struct Item: Encodable, Sendable {
        var id: String
        var tokenType: String
        var ip: String
        var operatingSystem: String?
        var userAgentName: String?
        var deviceClass: String?
        var createdAt: String
        var lastConnection: String
        var expiresAt: String

        enum CodingKeys: String, CodingKey {
            case id, ip
            case tokenType = "token_type"
            case operatingSystem = "operating_system"
            case userAgentName = "user_agent_name"
            case deviceClass = "device_class"
            case createdAt = "created_at"
            case lastConnection = "last_connection"
            case expiresAt = "expires_at"
        }

        init(_ row: IdentityStore.SessionDeviceRow) {
            id = row.id
            tokenType = row.kind.rawValue
            ip = row.device.ip
            operatingSystem = row.device.operatingSystem
            userAgentName = row.device.userAgentName
            deviceClass = row.device.deviceClass
            createdAt = ProfileClaims.iso8601(row.createdAt)
            lastConnection = ProfileClaims.iso8601(row.lastConnection)
            expiresAt = ProfileClaims.iso8601(row.expiresAt)
        }
    }

    struct ListResponse: Encodable, Sendable {
        var sessionDevices: [Item]
        enum CodingKeys: String, CodingKey { case sessionDevices = "session_devices" }
    }

    func addRoutes(to routes: PolicyRouter) {
        routes.bearer(.get, "/identity/v1/session-devices", .signedIn) { _, _, bearer in
            try JSONResponse.make(ListResponse(sessionDevices: try await devices.list(session: bearer).map(Item.init)))
        }
        // Ending a session signs a device out: it takes `full_write`, not a fresh login (the SDK
        // calls it with whatever token the app holds; ending a session adds no way in).
        routes.bearer(.delete, "/identity/v1/session-devices/{id}", .write) { _, context, bearer in
            try await devices.end(id: context.parameters.get("id") ?? "", session: bearer)
            return JSONResponse.noContent()
        }
    }
}
