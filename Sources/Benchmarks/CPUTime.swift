#if canImport(Glibc)
    import Glibc
#endif

/// CPU time consumed so far, in seconds: by the calling thread, or by the whole process (all
/// threads). Both are exact (the kernel's scheduler accounting), not sampled at the tick, so a
/// step of a fraction of a millisecond can be attributed.
enum CPUTime {
    static var thread: Double { read(CLOCK_THREAD_CPUTIME_ID) }
    static var process: Double { read(CLOCK_PROCESS_CPUTIME_ID) }

    private static func read(_ clock: clockid_t) -> Double {
        var t = timespec()
        clock_gettime(clock, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
}
