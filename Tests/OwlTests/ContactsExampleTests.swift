import Foundation
import Owl
import OwlDiff
import Testing

/// The README's Contacts example, verbatim apart from the templates folder.
@Suite struct ContactsExampleTests {
    struct Contact: ElementRepresentable, Equatable {
        let name: String
        let email: String
        var differenceIdentifier: String { email }
    }

    final class ContactCell: HTMLCell {
        var name = ""
        var email = ""
    }

    func contactsDirector(templatesFolder: String) -> ListDirector {
        let director = ListDirector(id: "contacts", templates: Templates(folder: templatesFolder))

        let contactAdapter = CellAdapter<Contact, ContactCell>()
        contactAdapter.events.dequeue = { ctx in
            ctx.cell.name = ctx.element.name
            ctx.cell.email = ctx.element.email
        }
        contactAdapter.events.link = { ctx in "mailto:\(ctx.element.email)" }
        director.registerCellAdapter(contactAdapter)

        let friends = [
            Contact(name: "Ada Lovelace", email: "ada@example.com"),
            Contact(name: "Alan Turing", email: "alan@example.com"),
        ]
        director.add(section: Section(id: "friends", elements: friends, header: "Friends", footer: "\(friends.count) contacts"))
        return director
    }

    func renderContacts(templatesFolder: String) throws -> String {
        try contactsDirector(templatesFolder: templatesFolder).render()
    }

    @Test func rendersTheContactsList() throws {
        let folder = try temporaryFolder([
            "cells/ContactCell.mustache": "<a href=\"{{link}}\">{{name}}</a> <small>{{email}}</small>"
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let html = try renderContacts(templatesFolder: folder.path)
        #expect(
            html == """
                <div class="owl-list" data-owl-list="contacts"><section class="owl-section" data-owl-section="friends">\
                <header class="owl-header" data-owl-header>Friends</header><ol class="owl-cells" data-owl-cells>\
                <li class="owl-cell" data-owl-cell="ada@example.com"><a href="mailto:ada@example.com">Ada Lovelace</a> <small>ada@example.com</small></li>\
                <li class="owl-cell" data-owl-cell="alan@example.com"><a href="mailto:alan@example.com">Alan Turing</a> <small>alan@example.com</small></li>\
                </ol><footer class="owl-footer" data-owl-footer>2 contacts</footer></section></div>
                """
        )
    }

    @Test func theReadmeUpdateReplays() throws {
        let folder = try temporaryFolder(["cells/ContactCell.mustache": "{{name}}"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let director = contactsDirector(templatesFolder: folder.path)
        let update = try director.reload { director in
            director.section(id: "friends")?.add(element: Contact(name: "Grace Hopper", email: "grace@example.com"), at: 0)
            director.section(id: "friends")?.remove(at: 2)
        }
        var data = update.old.diffSections
        for stage in update.changeset {
            data = try stage.applied(to: data)
        }
        #expect(signature(data) == signature(update.new.diffSections))
        #expect(update.new.sections[0].cells.map(\.id) == ["grace@example.com", "ada@example.com"])
        #expect(update.patch.stages.flatMap(\.elementDeleted).map(\.id) == ["alan@example.com"])
        #expect(update.patch.stages.flatMap(\.elementInserted).map(\.html) == [update.new.html(of: update.new.sections[0].cells[0])])
    }
}
