import Testing
@testable import OwlSite

/// Entries carry their bodies as character data.
@Suite struct AtomFeedTests {
    /// The text of `<![CDATA[…]]>` sections one after the other, as an XML reader joins them.
    private func joined(_ sections: String) -> String {
        sections.components(separatedBy: "]]><![CDATA[").joined()
    }

    @Test(arguments: ["<p>plain</p>", "", "a]]>b", "]]>", "]]]>>", "x]]", "[[a]] ] ]]> ]]>]]>"])
    func aBodyIsCharacterDataThatNoSectionEndCutsShort(html: String) {
        let inside = AtomFeed.characterData(html)
        let section = "<![CDATA[" + inside + "]]>"
        // Only the last `]]>` ends a section that is not followed by another.
        #expect(section.components(separatedBy: "]]>").count - 1 == section.components(separatedBy: "]]><![CDATA[").count)
        #expect(joined(String(section.dropFirst("<![CDATA[".count).dropLast(3))) == html)
    }
}
