// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "Latchkey",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "latchkey", targets: ["latchkey"]),
        .library(name: "LatchkeyCrypto", targets: ["LatchkeyCrypto"]),
        .library(name: "CBOR", targets: ["CBOR"]),
        .library(name: "Encoding", targets: ["Encoding"]),
        .library(name: "JOSE", targets: ["JOSE"]),
        .library(name: "WebAuthn", targets: ["WebAuthn"]),
        .library(name: "Authenticator", targets: ["Authenticator"]),
        .library(name: "Vault", targets: ["Vault"]),
        .library(name: "Picker", targets: ["Picker"]),
        .library(name: "IdentityServer", targets: ["IdentityServer"]),
        .library(name: "Reach5", targets: ["Reach5"]),
        // The reachfive-ios-future bridge's module, for code that imports it.
        .library(name: "Reach5Future", targets: ["Reach5Future"]),
        // `import Reach5Testing` in an app's tests: the server in process, the emulator client,
        // headless presentations (Reach5 re-exported). Separate, so apps that point at a running
        // server never build Hummingbird.
        .library(name: "Reach5Testing", targets: ["Reach5Testing"]),
        .library(name: "CTAP", targets: ["CTAP"]),
        .library(name: "EmulatorClient", targets: ["EmulatorClient"]),
        // FIDO hybrid (caBLE v2): the laptop and phone roles, and the loopback tunnel service.
        .library(name: "Hybrid", targets: ["Hybrid"]),
        .library(name: "HybridTunnel", targets: ["HybridTunnel"]),
    ],
    // Which ReachFive iOS SDK release `Reach5`'s public API is (docs/reach5.md, "Pick a release"):
    // 11.0.0 (async) by default, 8.2.0 (BrightFutures) with `traits: ["ReachFive82"]`, both with
    // both. `ReachFiveSeedPages` adds the spellings of the five seed pages that no release has.
    // A member of a release left out is `@_spi(<trait>)`: built, used inside the module, hidden
    // from an app's `import Reach5`.
    traits: [
        .default(enabledTraits: ["ReachFive11"]),
        .trait(name: "ReachFive11", description: "Reach5's public API is the ReachFive iOS SDK 11.0.0's."),
        .trait(name: "ReachFive82", description: "Reach5's public API is the ReachFive iOS SDK 8.2.0's."),
        .trait(
            name: "ReachFiveSeedPages",
            description: "Adds the seed pages' spellings that no SDK release declares (their examples compile as written)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        // Already in the graph through Hummingbird; its UnixSignals module is how a foreground
        // server hears SIGTERM and SIGINT (HTTPServing's BoundServer runs no ServiceGroup).
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        // The hybrid transport's WebSockets: NIO's client (already in the graph through
        // Hummingbird; its TLS-free parts only) and Hummingbird's server upgrade for the tunnel.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.65.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-websocket.git", from: "2.0.0"),
        // `latchkey serve --https`'s listener only (the ServeTLS target, which only the CLI links):
        // Hummingbird's TLSChannel over swift-nio-ssl (BoringSSL). Tokens, WebAuthn and the vault,
        // and the certificates themselves, stay on OpenSSL (LatchkeyCrypto).
        .package(url: "https://github.com/apple/swift-nio-ssl.git", from: "2.37.0"),
        // `swift package generate-documentation --target Reach5` (and Reach5Testing): the DocC
        // catalogs beside those targets. A command plugin: nothing of it is linked into a product.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // System libraries. Only LatchkeyCrypto may import COpenSSL.
        .systemLibrary(
            name: "COpenSSL",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        // Password strength (zxcvbn-c) and phone numbers (Google's libphonenumber, C++ behind a
        // small C shim) for the identity server.
        .systemLibrary(
            name: "CZxcvbn",
            providers: [.apt(["libzxcvbn-dev"])]
        ),
        .target(
            name: "CPhoneNumber",
            linkerSettings: [.linkedLibrary("phonenumber")]
        ),
        // QR codes (libqrencode) and the PNG's deflate and CRC (zlib) for the hybrid QR picture.
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // The version `latchkey --version` prints and the OpenAPI document's info.version repeats.
        .target(name: "LatchkeyRelease"),
        .target(name: "LatchkeyCrypto", dependencies: ["COpenSSL"]),
        .target(name: "CBOR"),
        // Base64URL and strict JSON, shared by WebAuthn, JOSE and the vault.
        .target(name: "Encoding"),
        // JWS/JWT/JWK over LatchkeyCrypto (identity tokens, Sign in with Apple, SafetyNet).
        .target(name: "JOSE", dependencies: ["LatchkeyCrypto", "Encoding"]),
        .target(name: "WebAuthn", dependencies: ["LatchkeyCrypto", "CBOR", "Encoding", "JOSE"]),
        .target(name: "Authenticator", dependencies: ["LatchkeyCrypto", "CBOR", "WebAuthn"]),
        // The one small SQLite wrapper; the vault uses it, and the identity server will.
        .target(name: "SQLite", dependencies: ["CSQLite"]),
        .target(name: "Vault", dependencies: ["SQLite", "LatchkeyCrypto", "CBOR", "WebAuthn", "Authenticator"]),
        // The shared test-vector case format: reading and verifying cases, and generating ours.
        // Used by the CLI and the tests, never by an app's login code.
        .target(name: "Vectors", dependencies: ["WebAuthn", "Authenticator", "LatchkeyCrypto"]),
        .target(
            name: "Picker", dependencies: ["Vault", "SQLite", "Authenticator", "WebAuthn", "LatchkeyCrypto", "CBOR", "JOSE", "Encoding"]),
        // How both servers (identity, hybrid tunnel) listen: HummingbirdCore's server bound before
        // anything else runs and stopped without a ServiceGroup, so a taken port cannot hang.
        .target(
            name: "HTTPServing",
            dependencies: [
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"), .product(name: "UnixSignals", package: "swift-service-lifecycle"),
            ]),
        // `latchkey serve --https`: the local certificate authority kept in a folder, the server
        // certificate it signs (made through LatchkeyCrypto), and the TLS that wraps the listener.
        // Only the CLI depends on it: NIOSSL stays out of IdentityServer and Reach5Testing.
        .target(
            name: "ServeTLS",
            dependencies: [
                "LatchkeyCrypto",
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdTLS", package: "hummingbird"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]),
        // The ReachFive-compatible identity server behind `latchkey serve`.
        .target(
            name: "IdentityServer",
            dependencies: [
                "SQLite", "JOSE", "WebAuthn", "LatchkeyCrypto", "Encoding", "CZxcvbn", "CPhoneNumber", "HTTPServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Mustache", package: "swift-mustache"),
            ],
            // Compiled into the binary (PackageResources), not a bundle beside it: a copied
            // `latchkey` has no resource bundle to find.
            resources: [
                .embedInCode("Console/Resources/favicon.ico"), .embedInCode("Resources/openapi.json"),
                .embedInCode("Resources/provider-chooser.mustache"), .embedInCode("Resources/hosted-login.mustache"),
                .embedInCode("Resources/hosted-login-passkey.js"),
                .embedInCode("Console/Resources/sessions.mustache"),
            ]
        ),
        // The ReachFive iOS SDK's API on Linux: the same method shapes, backed by the picker and
        // the vault, speaking the ReachFive HTTP API through URLSession. Never depends on the server.
        .target(
            name: "Reach5", dependencies: ["Picker", "Vault", "SQLite", "Authenticator", "WebAuthn", "JOSE", "Encoding", "LatchkeyCrypto"]),
        .target(name: "Reach5Future", dependencies: ["Reach5"]),
        .target(
            name: "Reach5Testing",
            dependencies: ["Reach5", "IdentityServer", "EmulatorClient", "Encoding", "Hybrid", "HybridTunnel", "Picker", "Vault"]),
        // FIDO hybrid (CTAP 2.2 §11.5): QR payload, key derivations, the Noise handshake, the
        // advert, the tunnel client, and the laptop (client) and phone (authenticator) roles.
        .target(
            name: "Hybrid",
            dependencies: [
                "LatchkeyCrypto", "CBOR", "CTAP", "Encoding", "WebAuthn", "Authenticator", "Picker", "CQRencode", "CZlib",
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"), .product(name: "NIOWebSocket", package: "swift-nio"),
            ]),
        // The tunnel service (a loopback WebSocket relay with `/cable/new`, `/cable/connect`) and
        // the radio stand-in that carries the phone's advert.
        .target(
            name: "HybridTunnel",
            dependencies: [
                "LatchkeyCrypto", "HTTPServing",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdWebSocket", package: "hummingbird-websocket"),
            ]),
        // The authenticator as a CTAP 2.1 device: CBOR commands, PIN/UV auth protocols, U2F
        // messages, CTAPHID framing, and transports (a Unix socket, Linux /dev/uhid).
        .target(name: "CTAP", dependencies: ["Authenticator", "CBOR", "Encoding", "LatchkeyCrypto", "WebAuthn"]),
        // The identity server's emulator API (outbox, clock, faults, snapshots) from a test or an
        // app, over URLSession: no Hummingbird, no server code.
        .target(name: "EmulatorClient", dependencies: ["Encoding"]),
        // What `latchkey bench` measures (crypto, vault, CTAP, the server and the facade), each
        // rate beside the raw OpenSSL primitive; the CLI only parses options and prints.
        .target(
            name: "Benchmarks",
            dependencies: [
                "Authenticator", "WebAuthn", "LatchkeyCrypto", "Vault", "CTAP", "CBOR", "Encoding", "JOSE", "IdentityServer", "Reach5",
            ]),
        // Spawned and killed by the vault's fault-injection tests; not part of the product.
        .executableTarget(name: "vault-fault-driver", dependencies: ["Vault", "WebAuthn"]),
        .executableTarget(
            name: "latchkey",
            dependencies: [
                "LatchkeyCrypto", "WebAuthn", "Authenticator", "Vault", "Picker", "Vectors", "IdentityServer", "Reach5", "Encoding", "CTAP",
                "EmulatorClient", "Benchmarks", "Hybrid", "HybridTunnel", "SQLite", "ServeTLS",
                "LatchkeyRelease", .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            // A release `latchkey` carries the Swift runtime and Foundation inside it: no dynamic
            // loading and binding of a dozen Swift libraries at every launch (~10 ms of
            // `latchkey serve`'s start; docs/cli.md#bench).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-stdlib",
                        // What the static Foundation modules name themselves when a module is
                        // compiled against them (`swift build --static-swift-stdlib` recompiles
                        // everything for that); here only the link changes.
                        "-lCoreFoundation", "-l_FoundationICU", "-l_FoundationCShims", "-l_FoundationCollections",
                        "-l_CFURLSessionInterface", "-lcurl",
                    ], .when(platforms: [.linux], configuration: .release))
            ]
        ),

        // Seeded fuzz mutator and fixture helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LatchkeyCryptoTests", dependencies: ["LatchkeyCrypto", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "CBORTests", dependencies: ["CBOR", "TestSupport"]),
        .testTarget(name: "ServeTLSTests", dependencies: ["ServeTLS", "LatchkeyCrypto", "TestSupport"]),
        .testTarget(name: "JOSETests", dependencies: ["JOSE", "Encoding", "LatchkeyCrypto", "TestSupport"]),
        .testTarget(name: "EncodingTests", dependencies: ["Encoding", "TestSupport"]),
        .testTarget(name: "WebAuthnTests", dependencies: ["WebAuthn", "LatchkeyCrypto", "CBOR", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "VectorsTests", dependencies: ["Vectors", "WebAuthn", "TestSupport"]),
        .testTarget(name: "AuthenticatorTests", dependencies: ["Authenticator", "WebAuthn", "LatchkeyCrypto", "CBOR", "TestSupport"]),
        .testTarget(
            name: "VaultTests",
            dependencies: ["Vault", "vault-fault-driver", "SQLite", "Authenticator", "WebAuthn", "LatchkeyCrypto", "CBOR", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(
            name: "PickerTests", dependencies: ["Picker", "Vault", "SQLite", "Authenticator", "WebAuthn", "LatchkeyCrypto", "TestSupport"]),
        .testTarget(
            name: "IdentityServerTests",
            dependencies: [
                // Not HummingbirdTesting: it links AsyncHTTPClient and swift-nio-ssl (BoringSSL), a
                // second crypto library. The tests use URLSession over loopback instead.
                "IdentityServer", "HTTPServing", "LatchkeyRelease", "Authenticator", "WebAuthn", "JOSE", "LatchkeyCrypto", "SQLite",
                "Encoding",
                "TestSupport", "EmulatorClient",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
            ],
            exclude: ["Interop"]
        ),
        .testTarget(name: "EmulatorClientTests", dependencies: ["EmulatorClient", "IdentityServer", "TestSupport"]),
        .testTarget(
            name: "Reach5Tests",
            dependencies: [
                "Reach5", "Reach5Testing", "IdentityServer", "EmulatorClient", "Picker", "Vault", "SQLite", "Authenticator", "WebAuthn",
                "LatchkeyCrypto",
                "Encoding", "TestSupport",
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        // The SDK's own documentation examples (8.2.0 and 11.0.0) run against the in-process
        // server, the API checklist, and the wire comparison with the SDK's request code. Swift 5
        // mode, as apps written for the SDK build; member imports per file, so the one file that
        // imports Reach5Future does not change what the 8.2 examples resolve to.
        .testTarget(
            name: "Reach5SDKTests",
            dependencies: ["Reach5", "Reach5Future", "Reach5Testing"],
            swiftSettings: [.swiftLanguageMode(.v5), .enableUpcomingFeature("MemberImportVisibility")]
        ),
        .testTarget(
            name: "CTAPTests",
            dependencies: ["CTAP", "Authenticator", "CBOR", "LatchkeyCrypto", "WebAuthn", "Vault", "TestSupport"],
            exclude: ["Interop"]),
        .testTarget(
            name: "HybridTests",
            dependencies: [
                "Hybrid", "HybridTunnel", "LatchkeyCrypto", "CBOR", "CTAP", "Encoding", "Authenticator", "WebAuthn", "Picker", "Vault",
                "TestSupport",
                "Reach5", "Reach5Testing", .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
            ],
            exclude: ["Fixtures"]),
        // The tests that run the `latchkey` executable find it beside the test bundle (`swift test`
        // builds every product first). None depends on its target: that would link its module, and
        // the release build's static-runtime linker flags, into the test bundle.
        .testTarget(
            name: "LatchkeyCLITests",
            dependencies: [
                "Authenticator", "WebAuthn", "Vectors", "CBOR", "LatchkeyCrypto", "TestSupport", "Hybrid", "Benchmarks",
            ]),
    ]
)

// Latchkey's own Swift builds without a warning, and stays so: in every source target a warning
// is an error (the C++ shim and the system libraries have no Swift settings).
for target in package.targets where target.type == .regular || target.type == .executable {
    guard target.name != "CPhoneNumber" else { continue }
    target.swiftSettings = (target.swiftSettings ?? []) + [.treatAllWarnings(as: .error)]
}
