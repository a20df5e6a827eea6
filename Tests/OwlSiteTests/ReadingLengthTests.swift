@testable import OwlSite
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

    @Test func aWordsPlaceholdersAreFilledIn() {
        var config = SiteConfig()
        #expect(config.word("readingTime", filling: ["minutes": "3"]) == "3 min read")
        config.words["readingTime"] = "Lesezeit: {minutes} Min. {other} {"
        #expect(config.word("readingTime", filling: ["minutes": "12"]) == "Lesezeit: 12 Min. {other} {")
        #expect(config.word("pageOf", filling: ["number": "2", "count": "5"]) == "Page 2 of 5")
    }
}
