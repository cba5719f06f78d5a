import Foundation
import Vectors

/// Case files named on the command line: a file, or a folder searched for `*.json`
/// (non-recursive). An unreadable path says so; a file that is not a case array says that.
enum VectorFiles {
    static func load(paths: [String]) throws -> [(file: String, cases: [VectorCase])] {
        var out: [(String, [VectorCase])] = []
        let fm = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard path == "-" || fm.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw CommandFailure(.failed, "cannot read \(path): no such file or folder")
            }
            let files: [String]
            if isDirectory.boolValue {
                let names: [String]
                do { names = try fm.contentsOfDirectory(atPath: path) } catch {
                    throw CommandFailure(.failed, "cannot read \(path): the folder cannot be listed")
                }
                files = names.filter { $0.hasSuffix(".json") }.sorted().map { (path as NSString).appendingPathComponent($0) }
                guard !files.isEmpty else { throw CommandFailure(.failed, "\(path) holds no *.json case files") }
            } else {
                files = [path]
            }
            for file in files {
                let data = try InputFile.read(file, limit: 64 << 20)
                do { out.append((file, try VectorVerifier.decode(data))) } catch {
                    throw CommandFailure(.failed, "\(file): \(error)")
                }
            }
        }
        return out
    }
}
