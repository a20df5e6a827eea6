/// How long a page's text is: its words, and the minutes a reader takes over them (as
/// Hugo's `WordCount` and `ReadingTime` count them), read from its Markdown.
struct ReadingLength: Sendable, Equatable {
    /// The words, each Chinese or Japanese character counting as one.
    var words: Int
    /// Whole minutes, rounded up, at ``wordsPerMinute`` (``charactersPerMinute`` for
    /// Chinese and Japanese characters); 0 without words.
    var minutes: Int

    static let wordsPerMinute = 213
    static let charactersPerMinute = 500

    init(words: Int, minutes: Int) {
        self.words = words
        self.minutes = minutes
    }

    /// The length of `markdown`: a word is a run of characters between spaces that holds a
    /// letter or a digit, so that Markdown's own marks (`#`, `-`, `|`, `>`) and dashes count as none.
    init(markdown: Substring) {
        let (words, characters) = markdown.utf8.withContiguousStorageIfAvailable(Self.count)
            ?? Array(markdown.utf8).withUnsafeBufferPointer(Self.count)
        self.words = words + characters
        let perMinute = Double(words) / Double(Self.wordsPerMinute) + Double(characters) / Double(Self.charactersPerMinute)
        minutes = Int(perMinute.rounded(.up))
    }

    /// What a byte is to the count, by its value (``byteClasses``).
    private enum ByteClass: UInt8 {
        /// An ASCII letter or digit, or a byte of a character beyond ASCII but those below:
        /// the run of characters it is in is a word.
        case word
        /// A space, a line break or another control character: it ends a run.
        case space
        /// Any other ASCII character (`#`, `-`, `|`, `>`, punctuation): in a run, not a word of its own.
        case mark
        /// 0xE3 to 0xE9, which start the characters U+3000 to U+9FFF (kana, CJK ideographs
        /// and their punctuation).
        case wide
        /// 0xE2, which starts U+2000 to U+2FFF (dashes, quotes, ellipses and such among them).
        case general
    }

    /// Each byte's class, looked up rather than worked out: a byte took some eight
    /// comparisons (the word count was 2.8% of the instructions of a cold build of 1,000
    /// posts, callgrind), where a letter now takes one look-up and one comparison.
    private static let byteClasses: [ByteClass] = (0...255).map { (value: Int) -> ByteClass in
        let byte = UInt8(value), lower = byte | 0x20
        if byte <= 0x20 { return .space }
        if byte == 0xE2 { return .general }
        if byte >= 0xE3, byte <= 0xE9 { return .wide }
        if byte >= 0x80 || (lower >= UInt8(ascii: "a") && lower <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) {
            return .word
        }
        return .mark
    }

    /// The words of `text`, and apart from them its Chinese and Japanese characters.
    private static func count(_ text: UnsafeBufferPointer<UInt8>) -> (words: Int, characters: Int) {
        byteClasses.withUnsafeBufferPointer { classes in
            var words = 0, characters = 0
            // Whether the run of characters since the last space holds a letter or a digit.
            var runCounts = false
            var index = 0
            while index < text.count {
                let byte = text[index]
                switch classes[Int(byte)] {
                case .word:
                    runCounts = true
                    index += 1
                case .space:
                    if runCounts { words += 1 }
                    runCounts = false
                    index += 1
                case .mark:
                    index += 1
                case .wide where index + 2 < text.count:
                    // Each character is a word of its own, and ends the run before it.
                    if runCounts { words += 1 }
                    runCounts = false
                    if !(byte == 0xE3 && text[index + 1] == 0x80) { characters += 1 }  // U+3000–U+303F: spaces, commas, brackets
                    index += 3
                case .general where index + 2 < text.count && text[index + 1] & 0xFE == 0x80:
                    index += 3  // U+2000–U+207F: dashes, quotes, ellipses and such, no letters
                case .wide, .general:
                    // Cut short, or another character of U+2000 to U+2FFF: a byte beyond ASCII, in a word.
                    runCounts = true
                    index += 1
                }
            }
            return (runCounts ? words + 1 : words, characters)
        }
    }
}
