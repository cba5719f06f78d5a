/// Record ids on the command line are lower-case hex: base64url ids can begin with "-", which
/// an argument parser takes for an option.
enum RecordID {
    static func format(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    static func parse(_ text: String) throws -> [UInt8] {
        let chars = Array(text.utf8)
        guard !chars.isEmpty, chars.count % 2 == 0, chars.count <= 64 else { throw CommandFailure(.usage, "'\(text)' is not an item id (hex, as `vault list` prints)") }
        var out: [UInt8] = []
        var i = 0
        while i < chars.count {
            guard let byte = UInt8(String(decoding: chars[i..<(i + 2)], as: UTF8.self), radix: 16) else {
                throw CommandFailure(.usage, "'\(text)' is not an item id (hex, as `vault list` prints)")
            }
            out.append(byte)
            i += 2
        }
        return out
    }
}
