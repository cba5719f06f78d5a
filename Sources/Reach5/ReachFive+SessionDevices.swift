import Foundation

/// The account's sessions (11.0's ReachFiveSessionDevice.swift).
extension ReachFive {

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func listSessionDevices(authToken: AuthToken) async throws -> [SessionDevice] {
        try await reachFiveApi.listSessionDevices(authToken: authToken).sessionDevices
    }

    #if !ReachFive11
        @_spi(ReachFive11)
    #endif
    public func deleteSessionDevice(id: String, authToken: AuthToken) async throws {
        try await reachFiveApi.deleteSessionDevice(id: id, authToken: authToken)
    }
}
