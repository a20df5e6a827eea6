import Owl
import Testing

/// `&`, `<`, `>`, `"` and `'` become character references; every other byte stays.
@Suite struct HTMLEscapeTests {
    @Test(arguments: [
        ("", ""), ("plain text", "plain text"), ("&", "&amp;"), ("<p class=\"x\">it's</p>", "&lt;p class=&quot;x&quot;&gt;it&#39;s&lt;/p&gt;"),
        ("a&&b", "a&amp;&amp;b"), ("Ünï <日本> ✓", "Ünï &lt;日本&gt; ✓"), ("tail>", "tail&gt;"), ("<head", "&lt;head"),
    ])
    func escapesTheFiveCharacters(text: String, escaped: String) {
        #expect(HTML.escape(text) == escaped)
    }

    /// The same as replacing character by character, for random text with many of them.
    @Test func agreesWithReplacingCharacterByCharacter() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("ab <>&\"'é\n日")
        for _ in 0..<200 {
            let text = String((0..<Int.random(in: 0...60, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            let expected = text.map { character -> String in
                switch character {
                case "&": "&amp;"
                case "<": "&lt;"
                case ">": "&gt;"
                case "\"": "&quot;"
                case "'": "&#39;"
                default: String(character)
                }
            }.joined()
            #expect(HTML.escape(text) == expected, "\(text)")
        }
    }
}
