import Encoding

/// The account page's MFA part: the second factors (email or phone, when each was registered)
/// and the trusted devices (id, created, expiry, metadata), each with a delete form guarded like
/// every console form (ConsoleForm), and how many step-ups are in progress.
enum AccountMfaSection {
    /// Part of AccountPage's template (its context holds `account` and `csrf`).
    static let partial = """
        <section aria-labelledby="mfa-h">
          <h2 id="mfa-h">Second factors ({{mfaCredentialCount}})</h2>
          {{#hasMfaCredentials}}
          <table>
            <thead><tr><th scope="col">Factor</th><th scope="col">Sent to</th><th scope="col">Registered</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
            {{#mfaCredentials}}
            <tr data-mfa-credential="{{type}}">
              <td>{{label}}</td><td class="mono">{{shownTarget}}</td><td class="mono date">{{created}}</td>
              <td><form class="inline" method="post" action="/console/accounts/{{account}}/mfa/credentials/delete" data-confirm="Delete this second factor?">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="type" value="{{type}}"><input type="hidden" name="target" value="{{target}}">
                <button type="submit" class="danger" aria-label="Delete the {{label}} factor {{shownTarget}}">Delete</button></form></td>
            </tr>
            {{/mfaCredentials}}
            </tbody>
          </table>
          {{/hasMfaCredentials}}
          {{^hasMfaCredentials}}<p class="empty">No second factor registered.</p>{{/hasMfaCredentials}}
          <p id="mfa-step-ups">Step-ups in progress: {{pendingStepUps}}</p>
        </section>
        <section aria-labelledby="devices-h">
          <h2 id="devices-h">Trusted devices ({{trustedDeviceCount}})</h2>
          {{#hasTrustedDevices}}
          <table>
            <thead><tr><th scope="col">Device id</th><th scope="col">Trusted since</th><th scope="col">Until</th><th scope="col">Metadata</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
            <tbody>
            {{#trustedDevices}}
            <tr data-trusted-device="{{id}}">
              <td class="mono">{{shownId}}</td><td class="mono date">{{created}}</td><td class="mono date">{{expires}}</td><td class="name">{{metadata}}</td>
              <td><form class="inline" method="post" action="/console/accounts/{{account}}/mfa/trusted-devices/delete" data-confirm="Stop trusting this device?">
                <input type="hidden" name="csrf" value="{{csrf}}"><input type="hidden" name="device" value="{{id}}">
                <button type="submit" class="danger" aria-label="Delete trusted device {{shownId}}">Delete</button></form></td>
            </tr>
            {{/trustedDevices}}
            </tbody>
          </table>
          {{/hasTrustedDevices}}
          {{^hasTrustedDevices}}<p class="empty">No trusted device.</p>{{/hasTrustedDevices}}
        </section>
        """

    /// The partial's members. Form fields carry the stored values (Mustache escapes them for the
    /// attribute) so a delete names exactly the stored row; what is shown is made visible.
    static func context(_ state: Mfa.AccountState, accountId: String) -> [String: Any] {
        let credentials: [[String: Any]] = state.credentials.map { c in
            [
                "type": c.type.rawValue, "label": c.type == .email ? "Email" : "SMS", "target": c.target,
                "shownTarget": ConsoleText.visible(c.target), "created": ConsoleText.date(seconds: c.createdAt), "account": accountId,
            ]
        }
        let devices: [[String: Any]] = state.trustedDevices.map { d in
            [
                "id": d.id, "shownId": ConsoleText.visible(d.id), "created": ConsoleText.date(seconds: d.createdAt),
                "expires": ConsoleText.date(seconds: d.expiresAt), "metadata": metadata(d.metadata), "account": accountId,
            ]
        }
        return [
            "mfaCredentials": credentials, "hasMfaCredentials": !credentials.isEmpty, "mfaCredentialCount": credentials.count,
            "trustedDevices": devices, "hasTrustedDevices": !devices.isEmpty, "trustedDeviceCount": devices.count,
            "pendingStepUps": state.pendingStepUps,
        ]
    }

    /// `name: value` pairs in name order (the user agent is the client's to choose: made visible).
    static func metadata(_ value: JSONValue) -> String {
        guard case .object(let members) = value, !members.isEmpty else { return "—" }
        return members.keys.sorted().map { key in
            let shown: String
            if case .string(let s)? = members[key] { shown = s } else { shown = JSONText.serialize(members[key] ?? .null) }
            return ConsoleText.visible(key) + ": " + ConsoleText.visible(shown)
        }.joined(separator: " · ")
    }
}
