import Foundation

/// The account's sessions (11.0's ReachFiveSessionDevice.swift).
extension ReachFive {

    public func listSessionDevices(authToken: AuthToken) async throws -> [SessionDevice] {
        try await reachFiveApi.listSessionDevices(authToken: authToken).sessionDevices
    }

    public func deleteSessionDevice(id: String, authToken: AuthToken) async throws {
        try await reachFiveApi.deleteSessionDevice(id: id, authToken: authToken)
    }
}
