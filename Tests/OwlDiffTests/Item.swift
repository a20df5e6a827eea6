import OwlDiff

/// A test element: an identifier and a content, written `"id"` or `"id:content"`.
struct Item: Differentiable, Hashable, Codable, Sendable, ExpressibleByStringLiteral, CustomDebugStringConvertible {
    var id: String
    var content: String

    init(id: String, content: String = "") {
        self.id = id
        self.content = content
    }

    init(stringLiteral value: String) {
        if let colon = value.firstIndex(of: ":") {
            self.init(id: String(value[..<colon]), content: String(value[value.index(after: colon)...]))
        } else {
            self.init(id: value)
        }
    }

    var differenceIdentifier: String { id }

    var debugDescription: String { content.isEmpty ? id : "\(id):\(content)" }
}

typealias Section = ArraySection<Item, Item>

/// `model: [elements]`.
func section(_ model: Item, _ elements: [Item] = []) -> Section {
    Section(model: model, elements: elements)
}

/// `[section, element]`.
func path(_ section: Int, _ element: Int) -> ElementPath {
    ElementPath(element: element, section: section)
}

/// A linear path.
func path(_ element: Int) -> ElementPath {
    ElementPath(element: element, section: 0)
}
