import SQLite

/// The identity server's tables. Secrets are stored as hashes where the server only ever has
/// to recognise them (passwords: scrypt; refresh tokens: SHA-256); short-lived codes and
/// one-time tokens are stored as issued, since the emulator's outbox shows them anyway.
enum StoreSchema {
    /// The baseline (`StoreSchemaBaseline.swift`) for a new store; these steps for one made earlier.
    static let migrations = Migrations(steps, baseline: baseline)

    static let steps = [
        """
        CREATE TABLE meta(key TEXT PRIMARY KEY, value BLOB NOT NULL) STRICT;
        CREATE TABLE accounts(
            id TEXT PRIMARY KEY,
            email TEXT UNIQUE,
            phone_number TEXT UNIQUE,
            custom_identifier TEXT UNIQUE,
            password_hash TEXT,
            email_verified INTEGER NOT NULL DEFAULT 0,
            phone_number_verified INTEGER NOT NULL DEFAULT 0,
            webauthn_user_id BLOB NOT NULL UNIQUE,
            profile TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            first_login INTEGER,
            last_login INTEGER,
            logins_count INTEGER NOT NULL DEFAULT 0,
            last_login_type TEXT
        ) STRICT;
        CREATE TABLE credentials(
            id BLOB PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            public_key BLOB NOT NULL,
            sign_count INTEGER NOT NULL,
            backup_eligible INTEGER NOT NULL,
            backup_state INTEGER NOT NULL,
            aaguid TEXT NOT NULL,
            friendly_name TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            last_used_at INTEGER
        ) STRICT;
        CREATE INDEX credentials_by_account ON credentials(account_id);
        CREATE TABLE challenges(
            challenge TEXT PRIMARY KEY,
            ceremony TEXT NOT NULL,
            data TEXT NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE tkns(
            tkn TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            auth_type TEXT NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE authorization_codes(
            code TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            client_id TEXT NOT NULL,
            redirect_uri TEXT NOT NULL,
            code_challenge TEXT NOT NULL,
            scope TEXT NOT NULL,
            nonce TEXT,
            auth_time INTEGER NOT NULL,
            auth_type TEXT NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE refresh_tokens(
            token_hash BLOB PRIMARY KEY,
            family TEXT NOT NULL,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            client_id TEXT NOT NULL,
            scope TEXT NOT NULL,
            auth_time INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            state TEXT NOT NULL CHECK (state IN ('active', 'rotated', 'revoked'))
        ) STRICT;
        CREATE INDEX refresh_tokens_by_family ON refresh_tokens(family);
        CREATE TABLE revoked_families(family TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) STRICT;
        CREATE TABLE revoked_access_tokens(jti TEXT PRIMARY KEY, expires_at INTEGER NOT NULL) STRICT;
        CREATE TABLE verification_codes(
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            purpose TEXT NOT NULL,
            target TEXT NOT NULL,
            code TEXT NOT NULL,
            data TEXT NOT NULL DEFAULT '{}',
            expires_at INTEGER NOT NULL,
            PRIMARY KEY(account_id, purpose)
        ) STRICT;
        CREATE TABLE identities(
            provider TEXT NOT NULL,
            subject TEXT NOT NULL,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            PRIMARY KEY(provider, subject)
        ) STRICT;
        CREATE TABLE outbox(
            id INTEGER PRIMARY KEY,
            channel TEXT NOT NULL,
            recipient TEXT NOT NULL,
            subject TEXT,
            body TEXT NOT NULL,
            code TEXT,
            link TEXT,
            created_at_ms INTEGER NOT NULL
        ) STRICT;
        """,
        // Wrong guesses per live code (the code is deleted after `codeAttemptLimit` of them), and
        // each account's session generation: access tokens carry the one they were issued in,
        // and `revokeSessions` moves it on, voiding them all.
        """
        ALTER TABLE verification_codes ADD COLUMN attempts INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE accounts ADD COLUMN session_generation INTEGER NOT NULL DEFAULT 0;
        """,
        // Outbox ids are never reused, even after the outbox is cleared, so a reader's "after
        // this id" cursor (the console's live view) stays valid across a clear.
        """
        CREATE TABLE outbox_v3(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            channel TEXT NOT NULL,
            recipient TEXT NOT NULL,
            subject TEXT,
            body TEXT NOT NULL,
            code TEXT,
            link TEXT,
            created_at_ms INTEGER NOT NULL
        ) STRICT;
        INSERT INTO outbox_v3 SELECT id, channel, recipient, subject, body, code, link, created_at_ms FROM outbox;
        DROP TABLE outbox;
        ALTER TABLE outbox_v3 RENAME TO outbox;
        """,
        // Sessions a password change keeps (the caller's own) across the generation it ends;
        // the events the code limits count (codes sent per identifier, wrong guesses per account).
        """
        CREATE TABLE kept_sessions(
            session TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            generation INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE code_events(
            kind TEXT NOT NULL CHECK (kind IN ('sent', 'miss')),
            key TEXT NOT NULL,
            at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX code_events_by_key ON code_events(kind, key, at);
        """,
        // An exchanged authorization code is kept, spent, with the refresh family its tokens were
        // issued in, so a second presentation can revoke them (RFC 6749 §4.1.2).
        """
        ALTER TABLE authorization_codes ADD COLUMN spent_family TEXT;
        """,
        // MFA (MfaRecords.swift): an account's second factors, the devices it trusts, and the
        // step-ups in progress (a login waiting for its second factor, then the code's challenge).
        """
        CREATE TABLE mfa_credentials(
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            type TEXT NOT NULL CHECK (type IN ('email', 'sms')),
            target TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            PRIMARY KEY(account_id, type, target)
        ) STRICT;
        CREATE TABLE mfa_trusted_devices(
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            metadata TEXT NOT NULL
        ) STRICT;
        CREATE INDEX mfa_trusted_devices_by_account ON mfa_trusted_devices(account_id);
        CREATE TABLE mfa_step_ups(
            token TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            stage TEXT NOT NULL CHECK (stage IN ('login', 'started')),
            challenge_id TEXT UNIQUE,
            data TEXT NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        """,
        // A trusted device's listed id is no longer its cookie: the cookie's SHA-256 is kept
        // instead. Devices trusted before keep no usable secret, so they go (their next login
        // steps up once); step-ups in progress go too, their state being typed now. Outbox
        // messages name the step-up challenge their code belongs to.
        """
        DROP TABLE mfa_trusted_devices;
        CREATE TABLE mfa_trusted_devices(
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            secret_hash TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            metadata TEXT NOT NULL
        ) STRICT;
        CREATE INDEX mfa_trusted_devices_by_account ON mfa_trusted_devices(account_id);
        DELETE FROM mfa_step_ups;
        ALTER TABLE outbox ADD COLUMN challenge_id TEXT;
        """,
        // The people of the emulated social providers (their chooser pages' identities). They are
        // the providers', not the server's: an emulator reset that clears the accounts keeps them.
        """
        CREATE TABLE provider_identities(
            provider TEXT NOT NULL,
            subject TEXT NOT NULL,
            email TEXT NOT NULL,
            email_verified INTEGER NOT NULL,
            name TEXT,
            picture TEXT,
            created_at INTEGER NOT NULL,
            PRIMARY KEY(provider, subject),
            UNIQUE(provider, email)
        ) STRICT;
        """,
        // The hosted login page's SSO sessions: the browser holds the secret (`r5_sso`), the
        // store its hash. Ending an account's sessions ends these too.
        """
        CREATE TABLE web_sessions(
            id TEXT PRIMARY KEY,
            secret_hash TEXT NOT NULL UNIQUE,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            method TEXT NOT NULL,
            auth_time INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX web_sessions_by_account ON web_sessions(account_id);
        """,
        // Session devices: each refresh family and SSO session with the device that opened it
        // and the one that last used it (SessionDeviceRecords.swift).
        """
        CREATE TABLE session_devices(
            id TEXT PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('RT', 'ST')),
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            ip TEXT NOT NULL,
            user_agent TEXT,
            created_at INTEGER NOT NULL,
            last_connection INTEGER NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE INDEX session_devices_by_account ON session_devices(account_id);
        """,
    ]
}
