import Foundation

/// The device behind CTAPHID reports: framing, then CBOR and MSG commands run on a worker
/// thread while the device sends KEEPALIVE every 100 ms (PROCESSING, or UPNEEDED while it waits
/// for a touch) and honours CTAPHID_CANCEL. Transports feed reports in with a connection number
/// and get reports back through `send`; replies go to the connection that holds the channel.
/// Which connection holds which channel, and how many each may hold, is the framer's table.
public final class CTAPHIDServer: @unchecked Sendable { // job, framer and flags only under lock
    public typealias Send = @Sendable (_ connection: Int, _ report: [UInt8]) -> Void

    public let device: CTAPDevice
    private let framer: CTAPHIDFramer
    private let send: Send
    /// Guards the state below; the ticker thread waits on it while there is nothing to time.
    private let lock = NSCondition()
    private var job: Job?
    /// The job whose answer is going out now: no longer busy, so the host may send its next
    /// command at once, but an INIT reply on its channel must wait until the answer is out.
    private var answering: Job?
    private var stopped = false
    /// The framer's clock (see `framerTime`), and the real time it last moved.
    private var framerNow = Date()
    private var framerLastReal = Date()
    private let workQueue = DispatchQueue(label: "latchkey.ctaphid.work")

    /// The command being processed. Its answer and its keepalives go out under one lock, and
    /// no keepalive follows the answer.
    private final class Job: @unchecked Sendable { // its flags only under its lock
        let channel: UInt32
        /// The host that sent it: its keepalives and answer go there even if the channel is
        /// retired meanwhile.
        let connection: Int
        let started = Date()
        private let lock = NSLock()
        private var _cancelled = false
        private var _waitingForUser = false
        private var finished = false
        private var abandoned = false
        init(channel: UInt32, connection: Int) {
            self.channel = channel
            self.connection = connection
        }
        var cancelled: Bool { lock.withLock { _cancelled } }
        func cancel() { lock.withLock { _cancelled = true } }
        /// The host resynchronised the channel: stop, and send nothing more for this command.
        func abandon() {
            lock.withLock {
                _cancelled = true
                abandoned = true
            }
        }
        var waitingForUser: Bool {
            get { lock.withLock { _waitingForUser } }
            set { lock.withLock { _waitingForUser = newValue } }
        }
        /// Runs `send` with the current status unless the job has answered.
        func keepalive(_ send: (_ waitingForUser: Bool) -> Void) {
            lock.withLock { if !finished && !abandoned { send(_waitingForUser) } }
        }
        /// Runs `answer` under the job's lock, told whether the host abandoned the command.
        func finish(_ answer: (_ abandoned: Bool) -> Void) {
            lock.withLock {
                finished = true
                answer(abandoned)
            }
        }
        /// Returns once an answer being sent under `finish` has gone out.
        func awaitAnswer() { lock.withLock {} }
    }

    /// - Parameters:
    ///   - channelsPerConnection: channels one connection may hold (see `CTAPHIDFramer`); a
    ///     transport that cannot tell its hosts apart passes the total.
    ///   - maximumChannels: channels all connections together may hold.
    public init(
        device: CTAPDevice, timeout: TimeInterval = 3,
        channelsPerConnection: Int = CTAPHIDFramer.defaultChannelsPerConnection,
        maximumChannels: Int = CTAPHIDFramer.defaultMaximumChannels, send: @escaping Send
    ) {
        self.device = device
        framer = CTAPHIDFramer(timeout: timeout, channelsPerConnection: channelsPerConnection, maximumChannels: maximumChannels)
        self.send = send
        Thread.detachNewThread { [weak self] in
            // Every 100 ms while there is something to time: the framer's message timeout, and a
            // KEEPALIVE for a command that has run that long (STATUS_PROCESSING 1, or
            // STATUS_UPNEEDED 2 while it waits for a touch). Idle, it sleeps until a report
            // arrives or the server stops, instead of waking ten times a second for nothing
            // (once a second it lets go of the server, so one dropped without `stop()` ends).
            while let self {
                guard let busy = self.waitForSomethingToTime() else { break }
                guard busy else { continue }
                Thread.sleep(forTimeInterval: 0.1)
                let now = Date()
                self.lock.lock()
                let events = self.framer.expire(at: self.framerTime())
                let running = self.job
                self.lock.unlock()
                self.dispatch(events, from: nil)
                if let running, now.timeIntervalSince(running.started) >= 0.1 {
                    running.keepalive { waiting in
                        self.reply(running.channel, CTAPHIDFramer.Command.keepalive.rawValue, [waiting ? 2 : 1], to: running.connection)
                    }
                }
            }
        }
    }

    /// Blocks while nothing is running and no message is half received, for at most a second:
    /// true when there is something to time, false when the second passed idle, nil once stopped.
    private func waitForSomethingToTime() -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        let limit = Date().addingTimeInterval(1)
        while !stopped && job == nil && !framer.isAssembling {
            if !lock.wait(until: limit) { return stopped ? nil : false }
        }
        return stopped ? nil : true
    }

    /// Real time, except that a stretch in which this process did not run (descheduled on a
    /// loaded machine) counts as one short step: packets that waited in the socket meanwhile are
    /// read before their message can time out, while a host that really stopped mid-message
    /// still times out after `timeout` of ticks. Called with `lock` held.
    private func framerTime() -> Date {
        let real = Date()
        framerNow += min(max(real.timeIntervalSince(framerLastReal), 0), 0.25)
        framerLastReal = real
        return framerNow
    }

    /// How many channels are allocated, over all connections (bounded by `maximumChannels`).
    var channelCount: Int { lock.withLock { framer.channelCount } }
    var channelsPerConnection: Int { framer.channelsPerConnection }
    var maximumChannels: Int { framer.maximumChannels }

    public func stop() {
        lock.withLock {
            stopped = true
            lock.broadcast()
        }
    }

    /// One report from a host on `connection`. A channel belongs to the connection its INIT
    /// answer went to: a report on someone else's channel (or on one whose host has gone, or
    /// that was retired) is refused with ERR_INVALID_CHANNEL, so no host can read another's replies.
    public func receive(_ report: [UInt8], from connection: Int) {
        guard report.count == CTAPHIDFramer.reportSize else { return }
        lock.lock()
        let events = framer.receive(report, at: framerTime(), from: connection)
        // The channel is marked busy before the lock is let go: a report from another connection
        // arriving in between must already get ERR_CHANNEL_BUSY, not a second job.
        var accepted: Job?
        for case .message(let m) in events where Self.runsOnWorker(m) {
            accepted = Job(channel: m.channel, connection: connection)
            job = accepted
            framer.busyChannel = m.channel
        }
        // A command to keep alive, or a message to time out: the ticker has work again.
        if accepted != nil || framer.isAssembling { lock.broadcast() }
        let answering = self.answering
        lock.unlock()
        if let answering,
            events.contains(where: {
                if case .reply(answering.channel, CTAPHIDFramer.Command.initialize.rawValue, _) = $0 { return true }
                return false
            })
        {
            answering.awaitAnswer()
        }
        dispatch(events, from: connection, accepted: accepted)
    }

    /// A host went away: its channels are released (a running command still finishes). When
    /// the last one has gone the key counts as unplugged: a power cycle, which ends
    /// PIN_AUTH_BLOCKED (§6.5.5.5) and the PIN token. It runs after any command still queued.
    public func disconnected(_ connection: Int) {
        let unplugged = lock.withLock {
            framer.release(connection: connection)
            return framer.channelCount == 0
        }
        if unplugged { workQueue.async { [device] in device.powerCycle() } }
    }

    private static func runsOnWorker(_ m: CTAPHIDFramer.Message) -> Bool {
        (m.command == CTAPHIDFramer.Command.cbor.rawValue || m.command == CTAPHIDFramer.Command.msg.rawValue) && !m.payload.isEmpty
    }

    private func dispatch(_ events: [CTAPHIDFramer.Event], from connection: Int?, accepted: Job? = nil) {
        for event in events {
            switch event {
            case .reply(let channel, let command, let payload):
                reply(channel, command, payload, to: connection)
            case .cancel(let channel):
                // The job's own lock is taken outside the server's: keepalives take them the other way.
                let running = lock.withLock { job }
                if running?.channel == channel { running?.cancel() }
            case .abandon(let channel):
                // The job may have just stopped being busy and be sending its answer: abandoning
                // it then waits for that answer, which so goes out before the INIT reply.
                let target = lock.withLock { job?.channel == channel ? job : (answering?.channel == channel ? answering : nil) }
                target?.abandon()
            case .message(let m):
                handle(m, job: accepted)
            }
        }
    }

    private func reply(_ channel: UInt32, _ command: UInt8, _ payload: [UInt8], to connection: Int? = nil) {
        guard let target = connection ?? lock.withLock({ framer.owner(of: channel) }) else { return }
        for report in CTAPHIDFramer.reports(channel: channel, command: command, payload: payload) { send(target, report) }
    }

    private func handle(_ m: CTAPHIDFramer.Message, job: Job?) {
        typealias C = CTAPHIDFramer.Command
        switch C(rawValue: m.command) {
        case .ping?: reply(m.channel, m.command, m.payload)
        case .wink?: reply(m.channel, m.command, [])
        case .cbor?, .msg?:
            // `receive` made a job for every CBOR/MSG message with a payload.
            guard let job else { return reply(m.channel, C.error.rawValue, [CTAPHIDFramer.HIDError.invalidLength.rawValue]) }
            run(m, job)
        default: reply(m.channel, C.error.rawValue, [CTAPHIDFramer.HIDError.invalidCommand.rawValue])
        }
    }

    /// Runs a CBOR or MSG command on the work queue, with keepalives until it answers.
    private func run(_ m: CTAPHIDFramer.Message, _ job: Job) {
        let context = CTAPRequestContext(isCancelled: { job.cancelled }, waitingForUser: { job.waitingForUser = $0 })
        workQueue.async { [self] in
            let response =
                m.command == CTAPHIDFramer.Command.cbor.rawValue
                ? device.handle(m.payload, context: context)
                : device.handleU2F(m.payload, context: context)
            // Under the job's lock: the channel stops being busy first (a host may send its next
            // command the moment it has the answer), then the answer goes out. An INIT meanwhile
            // either abandoned the job before (no answer) or has its reply held back until the
            // answer is out (`receive`), so no stale answer follows an INIT reply.
            job.finish { abandoned in
                lock.withLock {
                    self.job = nil
                    framer.busyChannel = nil
                    answering = job
                }
                if !abandoned { reply(m.channel, m.command, response, to: job.connection) }
                lock.withLock { if answering === job { answering = nil } }
            }
        }
    }
}
