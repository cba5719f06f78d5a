import Foundation

/// `GET /identity/v1/mfa/trusteddevices`.
public struct MfaListTrustedDevices: Codable, DictionaryEncodable, Sendable {
    public let trustedDevices: [TrustedDevice]
}

/// A device the account trusts: a step-up from it is skipped.
public class TrustedDevice: Codable, DictionaryEncodable, @unchecked Sendable {
    public let id: String
    public let userId: String
    public let createdAt: String
    public let metadata: DeviceMetadata

    public init(id: String, userId: String, createdAt: String, metadata: DeviceMetadata) {
        self.id = id
        self.userId = userId
        self.createdAt = createdAt
        self.metadata = metadata
    }
}

/// Two trusted devices are the same device when their ids are.
extension TrustedDevice: Hashable, Equatable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    public static func == (lhs: TrustedDevice, rhs: TrustedDevice) -> Bool {
        lhs.id == rhs.id
    }
}

/// What the server noted about a trusted device when it was trusted.
public class DeviceMetadata: Codable, DictionaryEncodable, @unchecked Sendable {
    public let ip: String?
    public let operatingSystem: String?
    public let userAgent: String?
    public let deviceClass: String?
    public let deviceName: String?

    public init(ip: String?, operatingSystem: String?, userAgent: String?, deviceClass: String?, deviceName: String?) {
        self.ip = ip
        self.operatingSystem = operatingSystem
        self.userAgent = userAgent
        self.deviceClass = deviceClass
        self.deviceName = deviceName
    }
}
