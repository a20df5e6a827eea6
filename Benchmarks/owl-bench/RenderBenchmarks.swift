import Dispatch
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

    static func run() {
        do {
            try measure(ContactCell.self, label: "reflected cell")
            try measure(FastContactCell.self, label: "TemplateValueProvider cell")
        } catch {
            print("render: failed: \(error)")
        }
    }

    private static func measure<Cell: HTMLCell>(_: Cell.Type, label: String) throws where Cell: ContactFields {
        let source = InMemoryTemplateSource(["cells/\(Cell.self)": template])
        let director = ListDirector(id: "contacts", templates: Templates(source: source))
        let adapter = CellAdapter<Contact, Cell>()
        adapter.events.dequeue = { ctx in
            ctx.cell.name = ctx.element.name
            ctx.cell.email = ctx.element.email
        }
        adapter.events.link = { ctx in "/contacts/\(ctx.element.id)/" }
        director.registerCellAdapter(adapter)
        let contacts = (0..<cellCount).map { Contact(id: $0, name: "Contact \($0)", email: "contact\($0)@example.com") }
        director.add(section: Section(id: "all", elements: contacts))

        var best = Double.infinity
        var bytes = 0
        for _ in 0..<10 {
            let start = DispatchTime.now().uptimeNanoseconds
            bytes = try director.renderList().html.utf8.count
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
        }
        print("render: \(cellCount) cells through a Mustache template, \(label): \(format(best)) ms (best of 10, \(bytes) bytes; target < 20 ms)")
    }

    private static func format(_ milliseconds: Double) -> String {
        String(Int((milliseconds * 10).rounded())).reversed().enumerated().reduce(into: "") { text, digit in
            text = String(digit.element) + (digit.offset == 1 ? "." : "") + text
        }
    }
}

/// The cells the benchmark fills.
protocol ContactFields {
    var name: String { get set }
    var email: String { get set }
}

extension RenderBenchmarks.ContactCell: ContactFields {}
extension RenderBenchmarks.FastContactCell: ContactFields {}
