/// The account's sessions (`listSessionDevices`), 11.0.
#if !ReachFive11
    @_spi(ReachFive11)
#endif
public class ListSessionDevices: Codable, @unchecked Sendable {
    public let sessionDevices: [SessionDevice]

    public required init(sessionDevices: [SessionDevice]) {
        self.sessionDevices = sessionDevices
    }
}

#if !ReachFive11
    @_spi(ReachFive11)
#endif
public enum SessionDeviceTokenType: String, Codable, Sendable {
    case rt = "RT"
    case st = "ST"
}

#if !ReachFive11
    @_spi(ReachFive11)
#endif
public class SessionDevice: Codable, @unchecked Sendable {
    public let id: String
    public let tokenType: SessionDeviceTokenType
    public let ip: String
    public let country: String?
    public let city: String?
    public let operatingSystem: String?
    public let userAgentName: String?
    public let deviceClass: String?
    public let deviceName: String?
    public let createdAt: String
    public let lastConnection: String
    public let expiresAt: String

    public required init(
        id: String, tokenType: SessionDeviceTokenType, ip: String, country: String? = nil, city: String? = nil,
        operatingSystem: String? = nil, userAgentName: String? = nil, deviceClass: String? = nil, deviceName: String? = nil,
        createdAt: String, lastConnection: String, expiresAt: String
    ) {
        self.id = id
        self.tokenType = tokenType
        self.ip = ip
        self.country = country
        self.city = city
        self.operatingSystem = operatingSystem
        self.userAgentName = userAgentName
        self.deviceClass = deviceClass
        self.deviceName = deviceName
        self.createdAt = createdAt
        self.lastConnection = lastConnection
        self.expiresAt = expiresAt
    }
}
