import NIOCore

/// The loopback stand-in for Bluetooth LE advertising: what one client sends (a phone's 20-byte
/// encrypted advert) reaches every other client listening (laptops), as a broadcast does. Nobody
/// is addressed; a laptop finds its phone by trial decryption, as over the air.
actor RadioStandIn {
    /// The length of a caBLE v2 service-data advert.
    static let advertLength = 20
    private var listeners: [Int: AsyncStream<ByteBuffer>.Continuation] = [:]
    private var next = 0

    func join() -> (id: Int, heard: AsyncStream<ByteBuffer>) {
        let (stream, continuation) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingNewest(64))
        next += 1
        listeners[next] = continuation
        return (next, stream)
    }

    func broadcast(_ advert: ByteBuffer, from sender: Int) {
        for (id, listener) in listeners where id != sender { listener.yield(advert) }
    }

    func leave(_ id: Int) {
        listeners.removeValue(forKey: id)?.finish()
    }
}
