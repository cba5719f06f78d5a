import SQLite

extension StoreSchema {
    /// The schema `migrations` end at, as one script: a new store runs it instead of replaying
    /// every step (each `ALTER TABLE` and table rebuild re-reads and rewrites the whole schema:
    /// ~3.5 ms, a tenth of a server's start). A database already at some version still takes
    /// the steps after it. `StoreSchemaBaselineTests` holds this to the steps, object by object:
    /// a new step changes both.
    static let baseline = """
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
            last_login_type TEXT,
            session_generation INTEGER NOT NULL DEFAULT 0
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
            expires_at INTEGER NOT NULL,
            spent_family TEXT
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
            expires_at INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY(account_id, purpose)
        ) STRICT;
        CREATE TABLE identities(
            provider TEXT NOT NULL,
            subject TEXT NOT NULL,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            PRIMARY KEY(provider, subject)
        ) STRICT;
        CREATE TABLE "outbox"(
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            channel TEXT NOT NULL,
            recipient TEXT NOT NULL,
            subject TEXT,
            body TEXT NOT NULL,
            code TEXT,
            link TEXT,
            created_at_ms INTEGER NOT NULL,
            challenge_id TEXT
        ) STRICT;
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
        CREATE TABLE mfa_credentials(
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            type TEXT NOT NULL CHECK (type IN ('email', 'sms')),
            target TEXT NOT NULL,
            created_at INTEGER NOT NULL,
            PRIMARY KEY(account_id, type, target)
        ) STRICT;
        CREATE TABLE mfa_step_ups(
            token TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            stage TEXT NOT NULL CHECK (stage IN ('login', 'started')),
            challenge_id TEXT UNIQUE,
            data TEXT NOT NULL,
            expires_at INTEGER NOT NULL
        ) STRICT;
        CREATE TABLE mfa_trusted_devices(
            id TEXT PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
            secret_hash TEXT NOT NULL UNIQUE,
            created_at INTEGER NOT NULL,
            expires_at INTEGER NOT NULL,
            metadata TEXT NOT NULL
        ) STRICT;
        CREATE INDEX mfa_trusted_devices_by_account ON mfa_trusted_devices(account_id);
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
        """
}
