import COpenSSL

/// Heap bytes that are wiped with `OPENSSL_cleanse` when the last reference goes away.
/// Used for every secret the crypto layer hands out (private scalars, derived keys).
public final class SecureBytes: @unchecked Sendable { // written by its maker before sharing, then read only
    private let pointer: UnsafeMutableRawBufferPointer

    public init(count: Int) {
        pointer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(count, 1), alignment: 16)
        pointer.initializeMemory(as: UInt8.self, repeating: 0)
        self.count = count
    }

    /// Copies raw bytes in one `memcpy`.
    public convenience init(_ buffer: UnsafeRawBufferPointer) {
        self.init(count: buffer.count)
        if let base = buffer.baseAddress, buffer.count > 0 { pointer.baseAddress!.copyMemory(from: base, byteCount: buffer.count) }
    }

    public convenience init(_ bytes: [UInt8]) {
        self.init(count: bytes.count)
        bytes.withUnsafeBytes { src in
            if let base = src.baseAddress, src.count > 0 { pointer.baseAddress!.copyMemory(from: base, byteCount: src.count) }
        }
    }

    /// Any byte collection; contiguous storage is copied directly, anything else via an array.
    /// (A per-element loop here would run unspecialised across the module boundary.)
    public convenience init<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        var array = bytes.withContiguousStorageIfAvailable { Array($0) } ?? Array(bytes)
        self.init(array)
        cleanse(&array)
    }

    public let count: Int

    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(rebasing: pointer[0..<count]))
    }

    public func withUnsafeMutableBytes<R>(_ body: (UnsafeMutableRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeMutableRawBufferPointer(rebasing: pointer[0..<count]))
    }

    /// A plain copy. Callers take responsibility for the copy's lifetime; prefer the closures.
    public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

    deinit {
        OPENSSL_cleanse(pointer.baseAddress, pointer.count)
        pointer.deallocate()
    }
}

/// Overwrites a Swift array holding secret bytes. Arrays are copy-on-write, so this only wipes
/// the caller's buffer; the crypto layer hands secrets out as `SecureBytes` for that reason.
public func cleanse(_ bytes: inout [UInt8]) {
    bytes.withUnsafeMutableBytes { OPENSSL_cleanse($0.baseAddress, $0.count) }
}
