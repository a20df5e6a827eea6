@testable import OwlSite
import TestSupport
import Testing

@Suite struct ReadingLengthTests {
    @Test func wordsHoldALetterOrADigit() {
        let length = ReadingLength(markdown: "## Lakes\n\n- [x] **Swim**, twice — in 2024!\n\n| a | b |\n|---|---|\n> [link](https://example.com) é")
        // Lakes, [x], **Swim**,, twice, in, 2024!, a, b, [link](…) and é; not #, -, —, |, |---|--- or >.
        #expect(length.words == 10)
        #expect(length.minutes == 1)
    }

    @Test func chineseAndJapaneseCharactersAreWordsOfTheirOwn() {
        // 日本語のテキスト is eight characters; the ideographic comma and full stop are none.
        #expect(ReadingLength(markdown: "日本語のテキスト、Owl。").words == 9)
        #expect(ReadingLength(markdown: "Owlは速い").words == 4)
    }

    @Test(arguments: [(0, 0), (1, 1), (213, 1), (214, 2), (426, 2), (427, 3)])
    func minutesAreRoundedUp(words: Int, minutes: Int) {
        let text = Array(repeating: "word", count: words).joined(separator: " ")
        #expect(ReadingLength(markdown: text[...]) == ReadingLength(words: words, minutes: minutes))
    }

    @Test func charactersAreReadFasterThanWords() {
        #expect(ReadingLength(markdown: String(repeating: "字", count: 500)[...]).minutes == 1)
        #expect(ReadingLength(markdown: String(repeating: "字", count: 501)[...]).minutes == 2)
        #expect(ReadingLength(markdown: "   \n\t# - > |").minutes == 0)
    }

    /// The count looks each byte's class up in a table: it agrees with the rule worked out
    /// byte by byte, as it was first written, on random texts of the characters each branch takes.
    @Test func theLookedUpCountAgreesWithTheRuleByteByByte() {
        let characters = ["a", "Z", "5", " ", "\n", "\t", "#", "-", "|", ">", ".", "é", "—", "…", "™", "€", "、", "。", "日", "は", "😀", "ä", "\u{3000}"]
        var random = SeededGenerator(seed: 37)
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<30, using: &random)).map { _ in characters[Int.random(in: 0..<characters.count, using: &random)] }.joined()
            let (words, wide) = Self.byteByByteCount(Array(text.utf8))
            let minutes = Int((Double(words) / Double(ReadingLength.wordsPerMinute) + Double(wide) / Double(ReadingLength.charactersPerMinute)).rounded(.up))
            #expect(ReadingLength(markdown: text[...]) == ReadingLength(words: words + wide, minutes: minutes), "\(text)")
        }
    }

    /// The rule as it was first written, one comparison after another for each byte.
    private static func byteByByteCount(_ text: [UInt8]) -> (words: Int, characters: Int) {
        var words = 0, characters = 0, runCounts = false, index = 0
        while index < text.count {
            let byte = text[index]
            if byte <= 0x20 {
                if runCounts { words += 1 }
                runCounts = false
                index += 1
            } else if byte >= 0xE3, byte <= 0xE9, index + 2 < text.count {
                if runCounts { words += 1 }
                runCounts = false
                if !(byte == 0xE3 && text[index + 1] == 0x80) { characters += 1 }
                index += 3
            } else if byte == 0xE2, index + 2 < text.count, text[index + 1] & 0xFE == 0x80 {
                index += 3
            } else {
                let lower = byte | 0x20
                if byte >= 0x80 || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
                    runCounts = true
                }
                index += 1
            }
        }
        return (runCounts ? words + 1 : words, characters)
    }

    @Test func aWordsPlaceholdersAreFilledIn() {
        var config = SiteConfig()
        #expect(config.word("readingTime", filling: ["minutes": "3"]) == "3 min read")
        config.words["readingTime"] = "Lesezeit: {minutes} Min. {other} {"
        #expect(config.word("readingTime", filling: ["minutes": "12"]) == "Lesezeit: 12 Min. {other} {")
        #expect(config.word("pageOf", filling: ["number": "2", "count": "5"]) == "Page 2 of 5")
    }
}
