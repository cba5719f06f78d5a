import Foundation
import TestSupport
import Testing

/// swift-nio-ssl (BoringSSL, a second crypto library) is linked for `latchkey serve --https`'s
/// listener only: an app's tests that `import Reach5Testing` never build it. The walk reads the
/// manifests (`swift package dump-package`) of this package and of the checked-out dependencies,
/// target by target and product by product, every condition counted as met (a package that is
/// not checked out is in no build).
@Suite struct PackageGraphTests {
    static let forbidden: Set<String> = ["swift-nio-ssl/NIOSSL", "hummingbird/HummingbirdTLS"]

    struct ManifestUnreadable: Error, CustomStringConvertible {
        var package: String
        var stderr: String
        var description: String { "dump-package \(package): \(stderr)" }
    }

    /// Reads each package's manifest once.
    final class Graph: @unchecked Sendable { // used from one test's task only
        let root: URL
        let checkouts: URL
        var manifests: [String: [String: Any]] = [:]
        var reached: Set<String> = []

        init(root: URL, checkouts: URL) {
            self.root = root
            self.checkouts = checkouts
        }

        func manifest(_ package: String) async throws -> [String: Any] {
            if let known = manifests[package] { return known }
            let folder = package == "" ? root : checkouts.appendingPathComponent(package)
            // A package SwiftPM did not check out (one a trait this build leaves off asks for) is
            // in no build.
            guard FileManager.default.fileExists(atPath: folder.path) else {
                manifests[package] = [:]
                return [:]
            }
            let scratch = try ScratchDirectory.make("dump-package")
            let result = try await ProcessRunner.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                ["swift", "package", "dump-package", "--package-path", folder.path, "--scratch-path", scratch.path],
                killAfter: .seconds(300))
            guard result.status == 0, let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any] else {
                throw ManifestUnreadable(package: package, stderr: result.stderr)
            }
            manifests[package] = json
            return json
        }

        /// Every product (`package/Product`) target `name` of `package` ("" is this one) reaches.
        func walk(target name: String, in package: String) async throws {
            guard reached.insert("\(package)#\(name)").inserted else { return }
            let manifest = try await manifest(package)
            let targets = manifest["targets"] as? [[String: Any]] ?? []
            guard let target = targets.first(where: { $0["name"] as? String == name }) else { return }
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                if let product = dependency["product"] as? [Any], let productName = product[0] as? String {
                    try await walk(product: productName, in: (product[1] as? String ?? "").lowercased())
                } else if let local = (dependency["target"] ?? dependency["byName"]) as? [Any], let localName = local[0] as? String {
                    if targets.contains(where: { $0["name"] as? String == localName }) {
                        try await walk(target: localName, in: package)
                    } else {
                        try await walk(product: localName, in: localName.lowercased())
                    }
                }
            }
        }

        func walk(product name: String, in package: String) async throws {
            guard reached.insert("\(package)/\(name)").inserted else { return }
            let products = try await manifest(package)["products"] as? [[String: Any]] ?? []
            for target in products.first(where: { $0["name"] as? String == name })?["targets"] as? [String] ?? [] {
                try await walk(target: target, in: package)
            }
        }
    }

    /// This package's folder and the build's `checkouts` (beside `debug`, whatever the scratch path).
    static func graph() throws -> Graph {
        var folder = ProcessRunner.product("latchkey").resolvingSymlinksInPath().deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("checkouts").path) {
            folder = folder.deletingLastPathComponent()
        }
        let checkouts = folder.appendingPathComponent("checkouts")
        try #require(
            FileManager.default.fileExists(atPath: checkouts.path), "no checkouts folder above \(ProcessRunner.product("latchkey").path)")
        return Graph(root: packageRoot, checkouts: checkouts)
    }

    @Test func reach5TestingNeverBuildsSwiftNIOSSL() async throws {
        let graph = try Self.graph()
        try await graph.walk(target: "Reach5Testing", in: "")
        #expect(graph.reached.contains("hummingbird/Hummingbird"), "the walk reached the server's dependencies")
        #expect(graph.reached.isDisjoint(with: Self.forbidden), "\(graph.reached.intersection(Self.forbidden))")
        #expect(!graph.reached.contains { $0.hasPrefix("swift-nio-ssl/") }, "\(graph.reached.filter { $0.hasPrefix("swift-nio-ssl") })")
    }

    @Test func onlyTheServeTLSTargetBringsIt() async throws {
        let graph = try Self.graph()
        try await graph.walk(target: "ServeTLS", in: "")
        #expect(graph.reached.isSuperset(of: Self.forbidden), "the walk finds swift-nio-ssl where it is")
    }
}
