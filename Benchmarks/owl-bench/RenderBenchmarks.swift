import Dispatch
import Foundation
import Mustache
import Owl

/// Rendering a 10,000-cell list through a Mustache cell template.
enum RenderBenchmarks {
    struct Contact: ElementRepresentable, Equatable {
        let id: Int
        let name: String
        let email: String
        var differenceIdentifier: String { "contact-\(id)" }
    }

    /// A cell read by reflection.
    struct ContactCell: HTMLCell {
        var name = ""
        var email = ""
    }

    /// The same cell handing its values to the template itself, without reflection.
    struct FastContactCell: HTMLCell, TemplateValueProvider {
        var name = ""
        var email = ""

        func templateValue(forKey key: String) -> Any? {
            switch key {
            case "name": name
            case "email": email
            default: nil
            }
        }
    }

    static let cellCount = 10_000
    static let template = "<a href=\"{{link}}\">{{name}}</a> <small>{{email}}</small>"

    static let contacts = (0..<cellCount).map { Contact(id: $0, name: "Contact \($0)", email: "contact\($0)@example.com") }

    static func run() {
        do {
            let baseline = try measureSwiftMustache()
            for (label, time) in [
                ("reflected cell", try measure(ContactCell.self, label: "Owl, reflected cell")),
                ("TemplateValueProvider cell", try measure(FastContactCell.self, label: "Owl, TemplateValueProvider cell")),
            ] {
                print("render: Owl (\(label)) takes \(format(time / baseline * 100)) % of swift-mustache alone's CPU time (target: 10,000 cells < 20 ms)")
            }
        } catch {
            print("render: failed: \(error)")
        }
    }

    /// The best CPU time of rendering the list with cells of type `Cell`.
    private static func measure<Cell: HTMLCell>(_: Cell.Type, label: String) throws -> Double where Cell: ContactFields {
        let source = InMemoryTemplateSource(["cells/\(Cell.self)": template])
        let director = ListDirector(id: "contacts", templates: Templates(source: source))
        let adapter = CellAdapter<Contact, Cell>()
        adapter.events.dequeue = { ctx in
            ctx.cell.name = ctx.element.name
            ctx.cell.email = ctx.element.email
        }
        adapter.events.link = { ctx in "/contacts/\(ctx.element.id)/" }
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "all", elements: contacts))

        _ = try report(label + ", renderList() with ranges and hashes") { try director.renderList().html.utf8.count }
        return try report(label) { try director.render().utf8.count }
    }

    /// What a user would write without Owl: swift-mustache rendering each cell, wrapped in `<li>`.
    private static func measureSwiftMustache() throws -> Double {
        struct Values {
            let name: String
            let email: String
            let link: String
        }
        let mustache = try MustacheTemplate(string: template)
        let contacts = self.contacts
        return report("swift-mustache alone (no Owl)") {
            var html = "<ol>"
            for contact in contacts {
                let values = Values(name: contact.name, email: contact.email, link: "/contacts/\(contact.id)/")
                html += "<li data-owl-cell=\"\(contact.differenceIdentifier)\">" + mustache.render(values) + "</li>"
            }
            return (html + "</ol>").utf8.count
        }
    }

    /// Prints the best wall and CPU times of 10 runs of `render` and returns the CPU time;
    /// `render` returns the bytes it rendered.
    private static func report(_ label: String, _ render: () throws -> Int) rethrows -> Double {
        var wall = Double.infinity
        var cpu = Double.infinity
        var bytes = 0
        for _ in 0..<10 {
            let (wallStart, cpuStart) = (DispatchTime.now().uptimeNanoseconds, cpuNanoseconds())
            bytes = try render()
            wall = min(wall, Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e6)
            cpu = min(cpu, Double(cpuNanoseconds() - cpuStart) / 1e6)
        }
        print(
            "render: \(cellCount) cells through a Mustache template, \(label): \(format(wall)) ms wall, \(format(cpu)) ms CPU"
                + " (best of 10, \(bytes) bytes)"
        )
        return cpu
    }

    /// The CPU time of this thread: what the rendering costs, whatever else runs on the machine.
    private static func cpuNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    private static func format(_ milliseconds: Double) -> String {
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

/// The cells the benchmark fills.
protocol ContactFields {
    var name: String { get set }
    var email: String { get set }
}

extension RenderBenchmarks.ContactCell: ContactFields {}
extension RenderBenchmarks.FastContactCell: ContactFields {}
