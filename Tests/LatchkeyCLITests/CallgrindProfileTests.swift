import Benchmarks
import Foundation
import Testing

/// The callgrind reader behind `latchkey bench --instructions`: totals, own and inclusive costs
/// with compressed names and call costs, and a typed error for what is not a whole profile.
@Suite struct CallgrindProfileTests {
    static let sample = """
        # callgrind format
        version: 1
        creator: callgrind-3.19.0
        pid: 42
        cmd:  latchkey serve
        part: 1

        positions: line
        events: Ir
        summary: 1000

        ob=(1) /usr/bin/latchkey
        fl=(1) ???
        fn=(1) $s8Encoding8JSONTextO5quoteyS2SFZ
        0 100
        cob=(2) /usr/lib/x86_64-linux-gnu/libcrypto.so.3
        cfi=(2) ???
        cfn=(2) EVP_DigestSign
        calls=2 0
        0 600
        +2 50

        ob=(2)
        fl=(2)
        fn=(2)
        0 600

        ob=(1)
        fl=(1)
        fn=(3) main
        * 250
        totals: 1000
        """

    @Test func ownAndInclusiveCostsByFunctionAndObject() throws {
        let profile = try CallgrindProfile(parsing: Self.sample)
        #expect(profile.total == 1000)
        #expect(profile.inclusive(named: "JSONTextO5quote") == 750, "its own 150 and the 600 of the call")
        #expect(profile.inclusive(named: "EVP_DigestSign") == 600)
        #expect(profile.inclusive(named: "absent") == 0)
        let objects = profile.exclusiveByObject
        #expect(objects["/usr/bin/latchkey"] == 400)
        #expect(objects["/usr/lib/x86_64-linux-gnu/libcrypto.so.3"] == 600)
        #expect(objects.values.reduce(0, +) == profile.total)
    }

    @Test func whatIsNotAWholeProfileIsATypedError() {
        let cut = Self.sample.replacingOccurrences(of: "totals: 1000", with: "")
        let broken: [(String, String)] = [
            ("", "no callgrind header"),
            ("hello world", "not a callgrind line"),
            ("version: 2\nevents: Ir\n", "unsupported format version"),
            ("version: 1\nevents: Dr\n", "the first event is not Ir"),
            ("version: 1\nevents: Ir\nfn=(7)\n", "used before it is defined"),
            ("version: 1\nevents: Ir\nfn=(7 x\n", "unclosed name id"),
            ("version: 1\nevents: Ir\nfn=f\n0 x\n", "not a cost"),
            ("version: 1\nevents: Ir\nfn=f\n0 1234567890123456789\n", "not a cost"),
            (
                "version: 1\nevents: Ir\nfn=f\n" + String(repeating: "0 999999999999999999\n", count: 11) + "totals: 1\n",
                "the costs overflow"
            ),
            ("0 5\n", "a cost line before the header"),
            (cut, "cut short"),
        ]
        for (text, reason) in broken {
            #expect(throws: CallgrindProfile.FormatError.self, "\(reason)") { try CallgrindProfile(parsing: text) }
            do {
                _ = try CallgrindProfile(parsing: text)
            } catch {
                #expect(error.reason.contains(reason), "\(error)")
            }
        }
    }

    @Test func everyPrefixOfAProfileIsReadOrRefusedNeverACrash() {
        let lines = Self.sample.split(separator: "\n", omittingEmptySubsequences: false)
        for n in 0..<lines.count {
            let prefix = lines.prefix(n).joined(separator: "\n")
            #expect(throws: CallgrindProfile.FormatError.self) { try CallgrindProfile(parsing: prefix) }
        }
        #expect((try? CallgrindProfile(parsing: Self.sample)) != nil)
    }
}
