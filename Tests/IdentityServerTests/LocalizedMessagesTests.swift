import Foundation
import TestSupport
import XCTest

@testable import IdentityServer

final class LocalizedMessagesTests: XCTestCase {
    // MARK: - Texts

    func testLocalesAreTheSeedPagesList() {
        XCTAssertEqual(LocalizedMessages.locales.count, 20)
        XCTAssertEqual(Set(LocalizedMessages.locales).count, 20, "no duplicate locale")
        XCTAssertEqual(LocalizedMessages.locales.first, "ar")
        XCTAssertEqual(LocalizedMessages.locales.last, "zh-TW")
    }

    func testEveryKeyHasATextInEveryLocale() {
        for key in MessageKey.allCases {
            XCTAssertFalse(key.english.isEmpty, "\(key) has no English text")
            for locale in LocalizedMessages.locales {
                let text = LocalizedMessages.message(key, locale: locale)
                XCTAssertFalse(text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(key) is empty in \(locale)")
            }
            XCTAssertEqual(LocalizedMessages.message(key, locale: "en"), key.english)
        }
    }

    func testNonEnglishLocalesAreTranslated() {
        let keys = MessageKey.allCases
        for locale in LocalizedMessages.locales where locale != "en" {
            let differing = keys.filter { LocalizedMessages.message($0, locale: locale) != $0.english }.count
            XCTAssertGreaterThanOrEqual(differing, 15, "\(locale): only \(differing) of \(keys.count) keys differ from English")
        }
    }

    func testChineseLocalesShareTheirScriptsText() {
        for key in MessageKey.allCases {
            let simplified = LocalizedMessages.message(key, locale: "zh-CN")
            XCTAssertEqual(LocalizedMessages.message(key, locale: "zh-Hans"), simplified)
            XCTAssertEqual(LocalizedMessages.message(key, locale: "zh-SG"), simplified)
            let traditional = LocalizedMessages.message(key, locale: "zh-TW")
            XCTAssertEqual(LocalizedMessages.message(key, locale: "zh-Hant"), traditional)
            XCTAssertEqual(LocalizedMessages.message(key, locale: "zh-HK"), traditional)
            XCTAssertEqual(LocalizedMessages.message(key, locale: "zh-MO"), traditional)
            XCTAssertNotEqual(simplified, traditional, "\(key): Simplified and Traditional should differ")
        }
    }

    func testUnknownLocaleFallsBackToEnglish() {
        for key in MessageKey.allCases {
            XCTAssertEqual(LocalizedMessages.message(key, locale: "xx"), key.english)
            XCTAssertEqual(LocalizedMessages.message(key, locale: ""), key.english)
        }
    }

    // MARK: - Accept-Language

    private func best(_ header: String?) -> String { LocalizedMessages.bestLocale(acceptLanguage: header) }

    func testAcceptLanguagePrefersHighestQ() {
        XCTAssertEqual(best("fr-CA,fr;q=0.9,en;q=0.8"), "fr")
        XCTAssertEqual(best("en;q=0.1, de;q=0.9"), "de")
        XCTAssertEqual(best("en;q=0.5, fr;q=0.5"), "en", "ties keep header order")
        XCTAssertEqual(best("xx;q=1, it;q=0.001"), "it", "an unmatched range gives way to a lower one")
    }

    func testAcceptLanguagePrefixAndAliases() {
        XCTAssertEqual(best("pt-BR"), "pt")
        XCTAssertEqual(best("de-AT"), "de")
        XCTAssertEqual(best("FR-ca"), "fr", "matching ignores case")
        XCTAssertEqual(best("ja-JP"), "jp")
        XCTAssertEqual(best("ja"), "jp")
        XCTAssertEqual(best("jp"), "jp")
        XCTAssertEqual(best("ko-KR,ko;q=0.9"), "ko")
    }

    /// "zh-Hant-TW" maps to the region's locale, zh-TW (script and region both agree with it);
    /// a script with another region falls back to the script's locale.
    func testAcceptLanguageChinese() {
        XCTAssertEqual(best("zh-Hant-TW"), "zh-TW")
        XCTAssertEqual(best("zh-Hans-CN"), "zh-CN")
        XCTAssertEqual(best("zh"), "zh-CN")
        XCTAssertEqual(best("zh-CN"), "zh-CN")
        XCTAssertEqual(best("zh-SG"), "zh-SG")
        XCTAssertEqual(best("zh-Hans"), "zh-Hans")
        XCTAssertEqual(best("zh-Hant"), "zh-Hant")
        XCTAssertEqual(best("zh-TW"), "zh-TW")
        XCTAssertEqual(best("zh-hk"), "zh-HK")
        XCTAssertEqual(best("zh-MO"), "zh-MO")
        XCTAssertEqual(best("zh-Hant-HK"), "zh-HK")
        XCTAssertEqual(best("zh-Hans-TW"), "zh-Hans")
        XCTAssertEqual(best("zh-Hant-US"), "zh-Hant")
        XCTAssertEqual(best("zh_TW"), "zh-TW")
    }

    func testAcceptLanguageFallsBackToEnglish() {
        XCTAssertEqual(best("xx, *"), "en")
        XCTAssertEqual(best("*"), "en")
        XCTAssertEqual(best(""), "en")
        XCTAssertEqual(best(nil), "en")
        XCTAssertEqual(best("de;q=0"), "en")
        XCTAssertEqual(best("de;q=0.000, fr;q=0"), "en")
        XCTAssertEqual(best("   ,  ,;;;"), "en")
        XCTAssertEqual(best("12-34, -de, de-, d€"), "en")
    }

    /// A malformed q skips its range (it does not default to 1).
    func testAcceptLanguageMalformedQ() {
        XCTAssertEqual(best("de;q=abc, fr;q=0.5"), "fr")
        XCTAssertEqual(best("de;q=1.5, fr;q=0.5"), "fr")
        XCTAssertEqual(best("de;q=0.1234, fr;q=0.5"), "fr")
        XCTAssertEqual(best("de;q=-1, fr;q=0.5"), "fr")
        XCTAssertEqual(best("de;Q=0.9, fr;q=0.5"), "de", "the q name ignores case")
        XCTAssertEqual(best("de;level=1, fr;q=0.5"), "de", "other parameters are ignored")
    }

    func testAcceptLanguageCaps() {
        // Only the first 50 ranges are read.
        let fiftyUnknown = Array(repeating: "xx", count: 50).joined(separator: ",")
        XCTAssertEqual(best(fiftyUnknown + ",fr"), "en")
        XCTAssertEqual(best(Array(repeating: "xx", count: 49).joined(separator: ",") + ",fr"), "fr")
        // Only the first 4 KiB are read.
        XCTAssertEqual(best(String(repeating: " ", count: 5000) + "fr"), "en")
        XCTAssertEqual(best("de," + String(repeating: " ", count: 5000) + "fr"), "de")
    }

    func testHostileHeaderReturns() {
        let commas = String(repeating: ",;", count: 51_200) // 100 KB
        XCTAssertEqual(best(commas), "en")
        let semicolons = "de," + String(repeating: ";", count: 100_000)
        XCTAssertEqual(best(semicolons), "de", "the cut-off last element is dropped, not the ones before it")
        let params = String(repeating: "q=0.5;", count: 20_000)
        XCTAssertEqual(best(params), "en")
        let tags = String(repeating: "a-", count: 50_000)
        XCTAssertEqual(best(tags), "en")
    }

    func testFuzzNeverCrashes() {
        var rng = SplitMix64(seed: 0x4C6F_6361_6C65)
        let alphabet = Array("azAZ09-_*,;=q. \t\u{7F}".utf8)
        let seeds = ["fr-CA,fr;q=0.9,en;q=0.8", "zh-Hant-TW;q=0.7, ja;q=0.3", "*;q=0.1"].map { Array($0.utf8) }
        let allowed = Set(LocalizedMessages.locales)
        for i in 0..<2_000 {
            let length = Int(rng.next() % 300)
            let bytes: [UInt8]
            switch i % 3 {
            case 0: bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            case 1: bytes = (0..<length).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] }
            default: bytes = rng.mutate(seeds[i % seeds.count])
            }
            let header = String(decoding: bytes, as: UTF8.self)
            let locale = LocalizedMessages.bestLocale(acceptLanguage: header)
            XCTAssertTrue(allowed.contains(locale), "\(locale) for \(bytes)")
        }
    }
}
