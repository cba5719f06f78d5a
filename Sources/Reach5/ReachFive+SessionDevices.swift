import Foundation

/// The account's sessions (11.0's ReachFiveSessionDevice.swift).
extension ReachFive {

    public func listSessionDevices(authToken: AuthToken) async throws -> [SessionDevice] {
        try await api.decode(ListSessionDevices.self, "GET", "/identity/v1/session-devices", auth: authToken).sessionDevices
    }

    public func deleteSessionDevice(id: String, authToken: AuthToken) async throws {
        _ = try await api.send("DELETE", "/identity/v1/session-devices/\(id)", auth: authToken)
    }
}
