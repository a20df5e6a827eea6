import Mustache
import Testing
import TestSupport

@testable import Owl

/// Typed values render through compiled templates exactly as their untyped form renders
/// through swift-mustache.
@Suite struct TemplateValueTests {
    /// Templates that look names up at every depth, in sections, inverted sections and partials.
    static let templates = CompiledTemplateTests.templates + [
        "{{#boss}}{{label}}/{{name}}/{{.label}}/{{.name}}{{/boss}}",
        "{{#tags}}{{#.}}[{{label}}]{{/.}}{{^.}}(empty){{/.}}{{/tags}}",
        "{{#age}}age {{.}}{{/age}}{{^age}}no age{{/age}}|{{#nickname}}<{{.}}>{{/nickname}}",
        "{{tags}}|{{boss}}|{{friends.0}}|{{boss.weight.label}}",
        "{{#friends}}{{> partials/friend}}{{/friends}}",
        "<ol>\n  {{> partials/friend}}\n</ol>\n",
    ]

    static let partials = ["partials/friend": "<li>{{.}} of {{name}}</li>\n"]

    static let keys = ["name", "nickname", "age", "admin", "tags", "friends", "boss", "label", "weight"]

    /// A random value, at most `depth` maps or lists deep, with texts that need escaping.
    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> TemplateValue {
        switch Int.random(in: 0..<(depth > 0 ? 7 : 4), using: &generator) {
        case 0:
            let alphabet = Array("ab <>&\"'é\n日")
            return .text(String((0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }))
        case 1: return .number(Int.random(in: -3...40, using: &generator))
        case 2: return .decimal([0, 1.5, -2.25, 1e20, 0.1].randomElement(using: &generator)!)
        case 3: return .flag(Bool.random(using: &generator))
        case 4: return .list((0..<Int.random(in: 0...3, using: &generator)).map { _ in randomValue(depth: depth - 1, using: &generator) })
        default: return randomMap(depth: depth - 1, using: &generator)
        }
    }

    static func randomMap(depth: Int, using generator: inout SeededGenerator) -> TemplateValue {
        var entries: [String: TemplateValue] = [:]
        for key in keys where Int.random(in: 0..<3, using: &generator) > 0 {
            entries[key] = randomValue(depth: depth, using: &generator)
        }
        return .map(entries)
    }

    @Test(arguments: templates)
    func rendersAsSwiftMustacheRendersItsUntypedForm(_ text: String) throws {
        let library = TemplateLibrary(try (Self.partials.merging(["page": text]) { $1 }).mapValues { try MustacheTemplate(string: $0) })
        var generator = SeededGenerator(seed: UInt64(text.utf8.count))
        for _ in 0..<300 {
            let value = Self.randomMap(depth: 3, using: &generator)
            let compiled = try #require(library.renderCompiled(value, withTemplate: "page"))
            #expect(compiled == library.mustache.render(value.anyValue, withTemplate: "page"), "\(value)")
        }
    }

    /// A typed value inside an untyped one (a dictionary's entry) reads as its untyped form,
    /// through the compiled templates and through swift-mustache alike.
    @Test func typedValuesInsideUntypedOnes() throws {
        let library = TemplateLibrary(["page": try MustacheTemplate(string: "{{#page}}{{title}}: {{#tags}}<{{name}}>{{/tags}}{{/page}}")])
        let page: TemplateValue = ["title": "A & B", "tags": [["name": "swift"], ["name": "web"]]]
        let expected = "A &amp; B: <swift><web>"
        #expect(library.render(["page": page], withTemplate: "page") == expected)
        #expect(library.renderCompiled(["page": page] as [String: Any], withTemplate: "page") == expected)
        #expect(library.mustache.render(["page": page], withTemplate: "page") == expected)
    }

    @Test func literalsAndLookups() {
        let value: TemplateValue = ["title": "Owl", "count": 3, "ratio": 0.5, "draft": false, "tags": ["a", "b"]]
        #expect(value["title"] == .text("Owl"))
        #expect(value["count"] == .number(3))
        #expect(value["ratio"] == .decimal(0.5))
        #expect(value["draft"] == .flag(false))
        #expect(value["tags"] == .list([.text("a"), .text("b")]))
        #expect(value["missing"] == nil)
        #expect(TemplateValue.text("x")["title"] == nil)
    }
}
