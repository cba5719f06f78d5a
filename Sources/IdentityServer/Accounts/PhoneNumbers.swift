import CPhoneNumber

/// Phone numbers in E.164, through Google's libphonenumber (Debian's build, via a C shim).
enum PhoneNumbers {
    /// The E.164 form of `input`, read as international when it starts with "+", else as a
    /// national number of `region`; nil when it is not a valid number.
    static func e164(_ input: String, region: String) -> String? {
        guard input.utf8.count <= 64, !input.utf8.contains(0) else { return nil }
        var buffer = [CChar](repeating: 0, count: 32)
        let rc = buffer.withUnsafeMutableBufferPointer { latchkey_phone_normalize(input, region, $0.baseAddress, $0.count) }
        guard rc == Int32(LATCHKEY_PHONE_OK) else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
