// The hosted login page's passkey button: the WebAuthn ceremony in this browser (the same
// routes the SDKs call), then the page's own passkey form carries the login's tkn back to the
// page, which completes it as any other of its logins (the second factor too, when due).
"use strict";
(function () {
  const button = document.querySelector("[data-passkey]");
  const form = document.querySelector('form[data-form="passkey"]');
  if (!button || !form) return;
  const status = form.querySelector("[data-passkey-status]");
  if (!window.PublicKeyCredential || !navigator.credentials) {
    button.disabled = true;
    status.textContent = "This browser has no passkey support.";
    return;
  }
  function decode(text) {
    const base64 = text.replace(/-/g, "+").replace(/_/g, "/") + "===".slice((text.length + 3) % 4);
    return Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  }
  function encode(buffer) {
    const bytes = new Uint8Array(buffer);
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }
  async function post(path, body) {
    const reply = await fetch(path, {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body), credentials: "same-origin",
    });
    const answer = await reply.json();
    if (!reply.ok) throw new Error(answer.error_user_msg || answer.error_description || String(reply.status));
    return answer;
  }
  function field(name) {
    const input = form.querySelector('input[name="' + name + '"]');
    return input ? input.value : undefined;
  }
  button.addEventListener("click", async () => {
    button.disabled = true;
    status.textContent = "Waiting for the passkey…";
    try {
      const options = (await post("/identity/v1/webauthn/authentication-options", {
        client_id: field("client_id"), origin: location.origin, scope: field("scope"),
      })).public_key;
      const credential = await navigator.credentials.get({
        publicKey: {
          challenge: decode(options.challenge), rpId: options.rp_id, timeout: options.timeout,
          userVerification: options.user_verification,
          allowCredentials: (options.allow_credentials || []).map((c) => ({ type: c.type, id: decode(c.id) })),
        },
      });
      const response = credential.response;
      const answer = await post("/identity/v1/webauthn/authentication", {
        id: credential.id, raw_id: encode(credential.rawId), type: credential.type,
        response: {
          client_data_json: encode(response.clientDataJSON), authenticator_data: encode(response.authenticatorData),
          signature: encode(response.signature), user_handle: response.userHandle ? encode(response.userHandle) : "",
        },
      });
      form.querySelector('input[name="tkn"]').value = answer.tkn;
      form.querySelector('input[name="mfa_required"]').value = answer.mfa_required ? "true" : "";
      form.submit();
    } catch (error) {
      status.textContent = "The passkey login did not complete: " + error.message;
      button.disabled = false;
    }
  });
})();
