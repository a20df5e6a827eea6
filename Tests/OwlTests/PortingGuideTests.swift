import Foundation
import Owl
import Testing
import TestSupport

/// The examples of docs/from-owl.md: Owl's own examples ported to owl-site with only the
/// changes the guide names, compiled and rendered. Each `// from-owl.md` block is the
/// guide's code verbatim.
@Suite struct PortingGuideTests {
    // MARK: 1. The README's Contacts list

    // from-owl.md: Contact
    public final class Contact: ElementRepresentable, Equatable {
        let firstName: String
        let lastName: String
        var isBlacklisted = false

        public var differenceIdentifier: String {
            return "\(self.firstName)_\(self.lastName)"
        }

        public func isContentEqual(to other: any ElementRepresentable) -> Bool {
            guard let other = other as? Contact else { return false }
            return other == self
        }

        init(first: String, last: String) {
            self.firstName = first
            self.lastName = last
        }

        public static func == (lhs: Contact, rhs: Contact) -> Bool {
            lhs.firstName == rhs.firstName && lhs.lastName == rhs.lastName && lhs.isBlacklisted == rhs.isBlacklisted
        }
    }

    public final class ContactCell: HTMLCell {
        public var contact: Contact?
        public required init() {}
    }
    // end

    static let templates = Templates(source: InMemoryTemplateSource([
        "cells/ContactCell": "{{#contact}}<a href=\"{{link}}\">{{firstName}} {{lastName}}</a>{{/contact}}",
        "cells/ContactSingleCell": "{{#item}}{{name}}{{/item}}",
        "cells/ContactCompanyCell": "{{#item}}<b>{{name}}</b> ({{count}}){{/item}}",
        "views/GroupHeaderView": "<h2>{{headerTitle}}</h2><p>{{headerSubtitle}}</p>",
        "cells/EmojiCell": "{{emoji}}",
        "views/EmojiHeaderView": "{{title}}",
    ]))

    @Test func theReadmeContactsList() throws {
        let templates = Self.templates
        let (john, mark, anita) = (Contact(first: "John", last: "Doe"), Contact(first: "Mark", last: "Best"), Contact(first: "Anita", last: "Ekberg"))
        mark.isBlacklisted = true
        var director: TableDirector?

        // from-owl.md: contacts
        director = TableDirector(id: "contacts", templates: templates)

        // An adapter encapsulate the logic to render a model (Contact) with a specific ui (ContactCell).
        let contactAdapter = TableCellAdapter<Contact,ContactCell> { dr in
            dr.events.dequeue = { ctx in
                ctx.cell.contact = ctx.element
            }
            dr.events.link = { ctx in
                return "/contacts/\(ctx.element.differenceIdentifier)/"
            }
            dr.events.classes = { ctx in
                return ctx.element.isBlacklisted == false ? [] : ["blacklisted"]
            }
        }
        director?.registerCellAdapter(contactAdapter)

        /// Manage your content in a declarative way!
        let friendsSection = TableSection(elements: [john,mark,anita])
        director?.add(section: friendsSection)
        let html = try director?.reload()
        // end

        #expect(html == """
            <div class="owl-list" data-owl-list="contacts"><section class="owl-section" data-owl-section="section-1"><ol class="owl-cells" data-owl-cells>\
            <li class="owl-cell" data-owl-cell="John_Doe"><a href="/contacts/John_Doe/">John Doe</a></li>\
            <li class="owl-cell blacklisted" data-owl-cell="Mark_Best"><a href="/contacts/Mark_Best/">Mark Best</a></li>\
            <li class="owl-cell" data-owl-cell="Anita_Ekberg"><a href="/contacts/Anita_Ekberg/">Anita Ekberg</a></li>\
            </ol></section></div>
            """)
    }

    // MARK: 2. The demo's contacts: mixed models and a view header

    // from-owl.md: mixed models
    struct ContactSingle: ElementRepresentable, Equatable {
        let name: String
        var differenceIdentifier: String { "person-\(name)" }
    }

    struct ContactCompany: ElementRepresentable, Equatable {
        let name: String
        let count: Int
        var differenceIdentifier: String { "company-\(name)" }
    }

    struct ContactSingleCell: HTMLCell { var item: ContactSingle? }
    struct ContactCompanyCell: HTMLCell { var item: ContactCompany? }
    struct GroupHeaderView: HTMLCell {
        var headerTitle = ""
        var headerSubtitle = ""
    }
    // end

    @Test func theDemosMixedContacts() throws {
        let templates = Self.templates
        let elements: [any ElementRepresentable] = [ContactSingle(name: "Ada"), ContactCompany(name: "Acme", count: 12), ContactSingle(name: "Alan")]
        var director: TableDirector?

        // from-owl.md: mixed
        director = TableDirector(id: "contacts", templates: templates)

        let header = TableHeaderFooterAdapter<GroupHeaderView> { config in
            config.events.dequeue = { ctx in
                ctx.view.headerTitle = "..."
                ctx.view.headerSubtitle = "Section #\(ctx.sectionIndex)"
            }
            config.events.height = { _ in
                return 30
            }
        }

        let singleItem = TableCellAdapter<ContactSingle,ContactSingleCell> { dr in
            dr.events.dequeue = { ctx in
                ctx.cell.item = ctx.element
            }
        }
        director?.registerCellAdapter(singleItem)

        let companyItem = TableCellAdapter<ContactCompany,ContactCompanyCell> { dr in
            dr.events.dequeue = { ctx in
                ctx.cell.item = ctx.element
            }
            dr.events.link = { ctx in
                return "/companies/\(ctx.element.name)/"
            }
        }
        director?.registerCellAdapter(companyItem)

        let section = TableSection(elements: elements, headerView: header, footerView: nil)
        director?.add(section: section)
        let html = try director?.reload()
        // end

        #expect(html == """
            <div class="owl-list" data-owl-list="contacts"><section class="owl-section" data-owl-section="section-1">\
            <header class="owl-header" data-owl-header style="height:30px"><h2>...</h2><p>Section #0</p></header><ol class="owl-cells" data-owl-cells>\
            <li class="owl-cell" data-owl-cell="person-Ada">Ada</li><li class="owl-cell" data-owl-cell="company-Acme"><b>Acme</b> (12)</li>\
            <li class="owl-cell" data-owl-cell="person-Alan">Alan</li></ol></section></div>
            """)
    }

    // MARK: 3. The demo's emoji browser: a flow collection with headers, and reloads

    // from-owl.md: emoji views
    struct EmojiCell: HTMLCell { var emoji = "" }
    struct EmojiHeaderView: HTMLCell { var title = "" }
    // end

    @Test func theDemosEmojiBrowserAndItsAnimatedReloads() throws {
        let templates = Self.templates
        let emojiList = [["🐶", "🐱", "🐭"], ["🍏", "🍐"]]
        var director: FlowCollectionDirector?

        // from-owl.md: emoji
        director = FlowCollectionDirector(id: "emoji", templates: templates)

        // CELL ADAPTER
        let emojiAdapter = CollectionCellAdapter<String, EmojiCell> { adapter in
            adapter.events.dequeue = { ctx in
                ctx.cell.emoji = ctx.element
            }
            adapter.events.itemSize = { ctx in
                return Size(width: 50, height: 50)
            }
        }
        director?.registerCellAdapter(emojiAdapter)

        // HEADER ADAPTER
        let headerAdapter = CollectionHeaderFooterAdapter<EmojiHeaderView> { cfg in
            cfg.events.dequeue = { ctx in
                ctx.view.title = ctx.section.identifier
            }
        }
        director?.registerHeaderFooterAdapter(headerAdapter)

        // DATA
        for (idx, rawSection) in emojiList.enumerated() {
            let section = CollectionSection(id: "Section \(idx)" ,elements: rawSection)
            section.minimumInterItemSpacing = 2
            section.minimumLineSpacing = 2
            section.headerView = headerAdapter
            section.headerSize = Size(width: 320, height: 30)
            director?.add(section: section)
        }
        let html = try director?.reload()
        // end

        #expect(html?.hasPrefix("""
            <div class="owl-grid" data-owl-list="emoji"><section class="owl-section" data-owl-section="Section 0">\
            <header class="owl-header" data-owl-header style="height:30px;width:320px">Section 0</header>\
            <div class="owl-cells" data-owl-cells style="display:grid;row-gap:2px;column-gap:2px">\
            <div class="owl-cell" data-owl-cell="🐶" style="height:50px;width:50px">🐶</div>
            """) == true)

        let old = try #require(try director?.renderList())
        // from-owl.md: reload
        let update = try director?.reload(afterUpdate: { dir in
            let shuffledEmoji = Array(dir.firstSection!.elements.reversed())
            dir.firstSection?.set(elements: shuffledEmoji)
            dir.firstSection!.move(from: 0, to: dir.firstSection!.elements.count - 1)
            dir.firstSection!.remove(at: 0)
        }, completion: nil)
        // The patch owl.js animates: write it into the page's patch file, or send it.
        let patch = try JSONEncoder().encode(update?.patch)
        // end

        let result = try #require(update)
        #expect(result.old == old)
        #expect(result.new.sections[0].cells.map(\.id) == ["🐶", "🐭"])
        #expect(!patch.isEmpty)
        var patched = PatchedList(result.old)
        try patched.apply(result.patch)
        #expect(patched.html == result.new.html)

        // from-owl.md: shuffle sections
        try director?.reload(afterUpdate: { dir in
            let shuffledSections = Array(dir.sections.reversed())
            dir.set(sections: shuffledSections)
        }, completion: nil)
        // end
        #expect(director?.sections.map(\.identifier) == ["Section 1", "Section 0"])
    }

    // MARK: The guide shows this file's code

    @Test func theGuideShowsTheTestedCodeVerbatim() throws {
        let testFile = URL(fileURLWithPath: #filePath)
        let guide = testFile.deletingLastPathComponent().appendingPathComponent("../../docs/from-owl.md").standardizedFileURL
        let guideText = try String(contentsOf: guide, encoding: .utf8)
        let lines = try String(contentsOf: testFile, encoding: .utf8).components(separatedBy: "\n")
        var blocks: [[String]] = []
        var current: [String]?
        for line in lines {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// from-owl.md:") {
                current = []
            } else if trimmed == "// end", let block = current {
                blocks.append(block)
                current = nil
            } else {
                current?.append(line)
            }
        }
        #expect(blocks.count == 8)
        for block in blocks {
            let indentation = block.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
                .map { $0.prefix { $0 == " " }.count }.min() ?? 0
            let text = block.map { String($0.dropFirst(min(indentation, $0.count))) }.joined(separator: "\n")
            #expect(guideText.contains("```swift\n" + text + "\n```"), "not in docs/from-owl.md:\n\(text)")
        }
    }
}
