import Foundation

/// The rules ReachFive documents for a profile's plain string fields (the iOS SDK's
/// `docs/modules/ROOT/partials/models.adoc`, the identity API's profile model): `gender` one of
/// `female`, `male`, `other`; `birthdate` an ISO 8601 `YYYY-MM-DD` calendar date that is not in
/// the future; `locale` a lowercase language code, optionally a dash and an uppercase country
/// code (`en`, `fr-FR`); `picture` and `profile_url` absolute http(s) URLs. Each refusal is a
/// 400 `invalid_request` whose `error_details` names the field and the rule broken (`code`).
enum ProfileFieldRules {
    static let genders = ["female", "male", "other"]

    /// The URL-valued string fields.
    static let urlFields: Set<String> = ["picture", "profile_url"]

    /// Checks `value` against the rule of `field`, if it has one. `now` is the server's clock
    /// (seconds since 1970), for the birthdate's "not in the future".
    static func check(_ field: String, _ value: String, now: Int64) throws(APIError) {
        switch field {
        case "gender":
            guard genders.contains(value) else {
                throw APIError.invalidRequest("gender must be one of female, male, other", field: field, code: "enum")
            }
        case "birthdate": try birthdate(value, now: now)
        case "locale":
            guard isLocale(value) else {
                throw APIError.invalidRequest(
                    "locale must be a lowercase language code, optionally a dash and an uppercase country code (en, fr-FR)",
                    field: field, code: "locale")
            }
        case _ where urlFields.contains(field):
            guard isHTTPURL(value) else {
                throw APIError.invalidRequest("\(field) must be an absolute http or https URL", field: field, code: "url")
            }
        default: break
        }
    }

    /// `YYYY-MM-DD`, a real day of the Gregorian calendar, not after today (UTC).
    static func birthdate(_ value: String, now: Int64) throws(APIError) {
        guard let day = calendarDay(value) else {
            throw APIError.invalidRequest(
                "birthdate must be an ISO 8601 calendar date (YYYY-MM-DD)", field: "birthdate", code: "date")
        }
        let today = Date(timeIntervalSince1970: TimeInterval(now))
        guard day <= today else {
            throw APIError.invalidRequest("birthdate must not be in the future", field: "birthdate", code: "future")
        }
    }

    /// The start of the day `value` names (UTC), when it is exactly `YYYY-MM-DD` and a real date.
    static func calendarDay(_ value: String) -> Date? {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard value.utf8.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day)
        // The calendar rolls 2023-02-30 over to March: only a date that reads back the same is real.
        guard components.isValidDate(in: calendar), let date = calendar.date(from: components) else { return nil }
        let back = calendar.dateComponents([.year, .month, .day], from: date)
        guard back.year == year, back.month == month, back.day == day else { return nil }
        return date
    }

    /// `en`, `fra`, `fr-FR`: two or three lowercase ASCII letters, then optionally `-` and two
    /// uppercase ASCII letters.
    static func isLocale(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), (2...3).contains(parts[0].utf8.count),
            parts[0].utf8.allSatisfy({ (0x61...0x7A).contains($0) })
        else { return false }
        guard parts.count == 2 else { return true }
        return parts[1].utf8.count == 2 && parts[1].utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }

    /// An absolute `http` or `https` URL with a host.
    static func isHTTPURL(_ value: String) -> Bool {
        guard let c = URLComponents(string: value), let scheme = c.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let host = c.host, !host.isEmpty
        else { return false }
        return true
    }

    /// ISO 8601: a calendar date, or a date-time with a zone (`Z` or `±hh:mm`), with or without
    /// fractional seconds, as a consent's `date` is.
    static func isTimestamp(_ value: String) -> Bool {
        if calendarDay(value) != nil { return true }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if plain.date(from: value) != nil { return true }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: value) != nil
    }
}
