/// The version `latchkey --version` prints.
enum LatchkeyVersion {
    static let current = "0.3.0"
}
