import Encoding

/// The update-profile rules: an absent key leaves the field, null deletes it, a value sets it;
/// `email` and `password` only when the profile has no email; `phone_number` not while SMS is
/// on; identifiers stay valid and unique (the store's unique indexes refuse a taken one).
extension ProfileUpdate {
    static func notUpdatable(_ field: String, _ why: String) -> APIError {
        APIError(
            .badRequest, "invalid_request", why, key: .fieldNotUpdatable,
            details: [FieldError(field: field, message: why, code: "not_updatable")])
    }

    /// The account with this update applied. `passwordHash` is the hash of the body's password,
    /// made before the transaction (nil when the body has none).
    func apply(to original: Account, passwordHash: String?, core: ServiceCore) throws(APIError) -> Account {
        var a = original
        let email = try Self.limited(email, "email", max: 320)
        switch email {
        case .absent: break
        case .value(let v) where a.email != nil:
            guard (try? ProfileInput.email(v)) == a.email else { // an invalid address is not the same address either
                throw Self.notUpdatable("email", "email cannot be changed here: use update-email")
            }
        case .null where a.email != nil: throw Self.notUpdatable("email", "email cannot be deleted here")
        case .value(let v):
            a.email = try ProfileInput.email(v)
            a.emailVerified = false
        case .null: break
        }
        if !password.isAbsent {
            guard original.email == nil else { throw Self.notUpdatable("password", "password cannot be changed here: use update-password") }
            a.passwordHash = passwordHash
        }
        switch try Self.limited(phoneNumber, "phone_number", max: 64) {
        case .absent: break
        case .value(let v):
            let phone = try ProfileInput.phoneNumber(v, configuration: core.configuration)
            if phone != a.phoneNumber {
                guard !core.configuration.sms else {
                    throw Self.notUpdatable("phone_number", "phone_number cannot be changed here while SMS is on: use update-phone-number")
                }
                a.phoneNumber = phone
                a.phoneNumberVerified = false
            }
        case .null:
            guard !core.configuration.sms || a.phoneNumber == nil else {
                throw Self.notUpdatable("phone_number", "phone_number cannot be deleted while SMS is on")
            }
            a.phoneNumber = nil
            a.phoneNumberVerified = false
        }
        switch try Self.limited(customIdentifier, "custom_identifier", max: 400) {
        case .absent: break
        case .value(let v): a.customIdentifier = try ProfileInput.customIdentifier(v)
        case .null: a.customIdentifier = nil
        }
        guard a.email != nil || a.phoneNumber != nil || a.customIdentifier != nil || a.passwordHash == nil else {
            throw APIError.invalidRequest(
                "A profile with a password keeps at least one login identifier", field: "custom_identifier", code: "required")
        }
        // A custom identifier stands beside an email or a phone number (as at signup); an
        // account that already had it alone (seeded so) may keep it.
        let identifiersChanged = a.phoneNumber != original.phoneNumber || a.customIdentifier != original.customIdentifier
        guard a.customIdentifier == nil || a.email != nil || a.phoneNumber != nil || !identifiersChanged else {
            throw APIError.invalidRequest(
                "A custom_identifier needs an email or phone_number beside it", field: "custom_identifier", code: "required")
        }
        for field in Account.stringFields {
            switch try Self.limited(strings[field] ?? .absent, field, max: 2048) {
            case .absent: break
            case .value(let v):
                try ProfileFieldRules.check(field, v, now: core.now)
                a.profile[field] = .string(v)
            case .null: a.profile[field] = nil
            }
        }
        let structured = try ProfileInput.structured(
            addresses: addresses.value, customFields: customFields.value, consents: consents.value, now: core.now)
        for (field, value) in structured { a.profile[field] = value }
        if addresses == .null { a.profile["addresses"] = nil }
        if customFields == .null { a.profile["custom_fields"] = nil }
        if consents == .null { a.profile["consents"] = nil }
        if let liteOnly { a.profile["lite_only"] = .bool(liteOnly) }
        a.updatedAt = core.now
        return a
    }

    private static func limited(_ change: Presence<String>, _ field: String, max: Int) throws(APIError) -> Presence<String> {
        if case .value(let v) = change { _ = try ProfileInput.limited(v, field, max: max) }
        return change
    }
}
