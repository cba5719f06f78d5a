/// The device a request came from, as a session device shows it (the SDK's `SessionDevice`):
/// the peer's IP address and its `User-Agent`, from which the operating system, the client's
/// name and the device class are read. What the header says is the client's claim, shown as
/// such; nothing here decides access.
struct ClientDevice: Sendable, Equatable {
    /// The longest `User-Agent` kept, in UTF-8 bytes (a grapheme cluster can be any length).
    static let maxUserAgent = 512

    var ip: String
    var userAgent: String?

    init(ip: String?, userAgent: String?) {
        self.ip = ip.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
        self.userAgent = userAgent.flatMap { $0.isEmpty ? nil : String(decoding: $0.utf8.prefix(Self.maxUserAgent), as: UTF8.self) }
    }

    /// The operating system the header names: iOS, iPadOS, Android, Windows, macOS, ChromeOS or
    /// Linux (an app's URLSession on Apple platforms says `CFNetwork … Darwin`: iOS).
    var operatingSystem: String? {
        guard let ua = userAgent else { return nil }
        if ua.contains("iPad") { return "iPadOS" }
        if ua.contains("iPhone") || ua.contains("iPod") || (ua.contains("CFNetwork") && ua.contains("Darwin")) { return "iOS" }
        if ua.contains("Android") { return "Android" }
        if ua.contains("Windows") { return "Windows" }
        if ua.contains("Macintosh") || ua.contains("Mac OS X") { return "macOS" }
        if ua.contains("CrOS") { return "ChromeOS" }
        if ua.contains("Linux") { return "Linux" }
        return nil
    }

    /// `mobile`, `tablet` or `desktop`, from the operating system (an Android tablet's header has no `Mobile`).
    var deviceClass: String? {
        switch operatingSystem {
        case "iOS": "mobile"
        case "iPadOS": "tablet"
        case "Android": userAgent?.contains("Mobile") == true ? "mobile" : "tablet"
        case nil: nil
        default: "desktop"
        }
    }

    /// The client's name: the browser (Edge, Opera, Chrome, Firefox, Safari, in that order,
    /// since each names the ones before it), else the header's first product (an app's name, curl).
    var userAgentName: String? {
        guard let ua = userAgent else { return nil }
        for (token, name) in [("Edg/", "Edge"), ("OPR/", "Opera"), ("Chrome/", "Chrome"), ("Firefox/", "Firefox"), ("Safari/", "Safari")]
        where ua.contains(token) {
            return name
        }
        let product = ua.split(separator: " ").first.map { $0.split(separator: "/").first.map(String.init) ?? String($0) }
        return product.flatMap { $0.isEmpty ? nil : $0 }
    }
}
