import LatchkeyCrypto
import NIOCore

/// The tunnel service's state: one slot per phone waiting at `/cable/new/{tunnel id}`, named by
/// the routing id the service gave it, joined at most once by a laptop that presents both ids at
/// `/cable/connect/{routing id}/{tunnel id}`. Each side's messages queue for the other until it
/// is there; either side leaving ends the other's stream.
actor TunnelRegistry {
    struct Slot {
        let tunnelId: String
        let peer: String
        var joined = false
        let toPhone: AsyncStream<ByteBuffer>.Continuation
        let toLaptop: AsyncStream<ByteBuffer>.Continuation
        let laptopInbox: AsyncStream<ByteBuffer>
    }

    /// A phone's end of a new tunnel.
    struct PhoneEnd: Sendable {
        let routingId: String
        let inbox: AsyncStream<ByteBuffer>
        let toLaptop: AsyncStream<ByteBuffer>.Continuation
    }

    /// A laptop's end of a joined tunnel.
    struct LaptopEnd: Sendable {
        let inbox: AsyncStream<ByteBuffer>
        let toPhone: AsyncStream<ByteBuffer>.Continuation
    }

    let limits: TunnelLimits
    /// Messages queued for a side that is not reading (or not there yet); one more closes the
    /// tunnel rather than growing the queue.
    static let queueLimit = 64
    private var slots: [String: Slot] = [:]

    init(limits: TunnelLimits) { self.limits = limits }

    /// Opens a slot for a phone from `peer`, or nil when the service is full or the peer holds
    /// all the tunnels (or all the waiting ones) it may.
    func open(tunnelId: String, peer: String) -> PhoneEnd? {
        guard slots.count < limits.capacity else { return nil }
        let own = slots.values.filter { $0.peer == peer }
        guard own.count < limits.tunnelsPerPeer, own.count(where: { !$0.joined }) < limits.waitingTunnelsPerPeer else { return nil }
        var routingId: String
        repeat { routingId = SystemRandom.bytes(3).map { String(format: "%02X", $0) }.joined() } while slots[routingId] != nil
        let (phoneInbox, toPhone) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        let (laptopInbox, toLaptop) = AsyncStream.makeStream(of: ByteBuffer.self, bufferingPolicy: .bufferingOldest(Self.queueLimit))
        slots[routingId] = Slot(tunnelId: tunnelId, peer: peer, toPhone: toPhone, toLaptop: toLaptop, laptopInbox: laptopInbox)
        return PhoneEnd(routingId: routingId, inbox: phoneInbox, toLaptop: toLaptop)
    }

    /// Joins a laptop to the slot both ids name, once; nil for an unknown pair or a second laptop.
    func join(routingId: String, tunnelId: String) -> LaptopEnd? {
        guard var slot = slots[routingId], constantTimeEquals(Array(slot.tunnelId.utf8), Array(tunnelId.utf8)), !slot.joined else {
            return nil
        }
        slot.joined = true
        slots[routingId] = slot
        return LaptopEnd(inbox: slot.laptopInbox, toPhone: slot.toPhone)
    }

    /// The phone left: its slot goes, and the laptop's stream ends.
    func close(routingId: String) {
        guard let slot = slots.removeValue(forKey: routingId) else { return }
        slot.toLaptop.finish()
        slot.toPhone.finish()
    }

    /// Ends a slot no laptop joined (its phone's connection closes with it).
    func closeIfUnjoined(routingId: String) {
        if slots[routingId]?.joined == false { close(routingId: routingId) }
    }

    var openSlots: Int { slots.count }
}
