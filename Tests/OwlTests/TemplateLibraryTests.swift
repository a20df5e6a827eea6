import Foundation
import Mustache
import Testing

@testable import Owl

/// Templates with partials render through their compiled forms, exactly as swift-mustache
/// renders them.
@Suite struct TemplateLibraryTests {
    /// Pieces of templates: every ordered pair of them is a template below.
    static let pieces = [
        "plain\n",
        "  indented {{name}}\n",
        "{{name}}|{{{html}}}|{{&html}}",
        "{{> card}}",
        "{{> card}}\n",
        "  {{> card}}\n",
        "\t{{> nested}}\n",
        "<ul>\n  {{#items}}\n  <li>{{label}} {{> inline}}</li>\n  {{/items}}\n</ul>\n",
        "{{#flag}}\n    {{> card}}\n{{/flag}}\n",
        "{{^empty}}\n  none {{> inline}}\n{{/empty}}\n",
        "{{#map}}{{title}}/{{name}}/{{.title}}/{{.name}}{{/map}}",
        "{{map.inner.deep}}{{map..title}}{{map.missing.deep}}",
        "{{#numbers}}{{.}},{{/numbers}}",
        "{{#missing}}x{{/missing}}{{^missing}}y{{/missing}}{{nothing}}",
        "line\r\n  {{> card}}\r\n",
        "{{#items}}\n  {{> nested}}\n{{/items}}",
        "{{#optional}}[{{.}}]{{/optional}}{{optional}}{{none}}{{^none}}n{{/none}}{{null}}{{^null}}null{{/null}}",
        "{{#map}}\n  {{#inner}}\n    {{> card}}\n  {{/inner}}\n{{/map}}\n",
        "  {{> crlf}}\n",
    ]

    static let partials = [
        "card": "<div>\n  {{name}}\n{{#items}}\n  - {{label}}\n{{/items}}\n</div>\n",
        "nested": "[\n  {{> card}}\n]\n  {{> inline}}\n",
        "inline": "({{label}}{{^label}}{{name}}{{/label}})",
        // Pieces that end with `\r\n`, one character, which is not a line feed.
        "crlf": "one\r\n{{name}}\r\n{{#items}}{{label}}\r\n{{/items}}two\n{{name}}",
    ]

    /// Values of every kind a page gets (computed: `Any` is not `Sendable`).
    static var values: [[String: Any]] {
        [
        [
            "name": "Ada <\"Countess\"> & 'co'", "html": "<b>bold</b>", "flag": true, "empty": [Any](),
            "items": [["label": "one"], ["label": "<two>"]] as [[String: Any]],
            "map": ["title": "T", "inner": ["deep": 3.5] as [String: Any]] as [String: Any],
            "numbers": [1, 2.5, "three", false] as [Any],
            "optional": Optional("wrapped") as Any, "none": Optional<Int>.none as Any, "null": NSNull(),
        ],
        [
            "name": "", "html": "", "flag": false, "empty": ["not empty"] as [Any], "items": [[String: Any]](),
            "map": [String: Any](), "numbers": [Any](), "optional": 7,
        ],
        ["items": [["label": "\n"]] as [[String: Any]], "flag": 1, "map": "text"],
        ]
    }

    static let templates = pieces.flatMap { first in pieces.map { first + $0 } }

    @Test(arguments: templates)
    func everyPairOfPiecesRendersLikeSwiftMustache(_ text: String) throws {
        var templates = try Self.partials.mapValues { try MustacheTemplate(string: $0) }
        templates["page"] = try MustacheTemplate(string: text)
        let library = TemplateLibrary(templates)
        for values in Self.values {
            let compiled = try #require(library.renderCompiled(values, withTemplate: "page"))
            #expect(compiled == library.mustache.render(values, withTemplate: "page"))
        }
    }

    /// swift-mustache indents the lines of a standalone partial piece by piece, and each
    /// element of a section starts afresh: the second `<li>` is not indented. The compiled
    /// form keeps that.
    @Test func indentsAStandalonePartialAsSwiftMustacheDoes() throws {
        let library = try Self.library(["page": "<body>\n  {{> list}}\n</body>\n", "list": "<ul>\n{{#items}}\n  <li>{{.}}</li>\n{{/items}}\n</ul>\n"])
        let values = ["items": ["a", "b"]]
        let html = try #require(library.renderCompiled(values, withTemplate: "page"))
        #expect(html == "<body>\n  <ul>\n    <li>a</li>\n  <li>b</li>\n  </ul>\n</body>\n")
        #expect(html == library.mustache.render(values, withTemplate: "page"))
    }

    @Test func aMissingPartialRendersAsNothing() throws {
        let library = try Self.library(["page": "[{{> absent}}]\n  {{> absent}}\nend"])
        #expect(library.renderCompiled([String: Any](), withTemplate: "page") == "[]\n  end")
        #expect(library.render([String: Any](), withTemplate: "absent") == nil)
    }

    @Test func aPartialBeyondTheSubsetMakesItsIncluderFallBack() throws {
        let library = try Self.library(["page": "<{{> shout}}>", "shout": "{{uppercased(name)}}"])
        #expect(library.renderCompiled(["name": "ada"], withTemplate: "page") == nil)
        #expect(library.render(["name": "ada"], withTemplate: "page") == "<ADA>")
    }

    @Test func valuesBeyondTheSubsetFallBack() throws {
        let library = try Self.library(["page": "{{> part}}!", "part": "{{#wrap}}x{{/wrap}}"])
        let values: [String: Any] = ["wrap": MustacheLambda { text in "<\(text)>" }]
        #expect(library.renderCompiled(values, withTemplate: "page") == nil)
        #expect(library.render(values, withTemplate: "page") == "<x>!")
    }

    @Test func aRecursivePartialEndsWithItsData() throws {
        let library = try Self.library(["tree": "{{name}}{{#children}}({{> tree}}){{/children}}"])
        let leaf: [String: Any] = ["name": "leaf", "children": false]
        let values: [String: Any] = ["name": "root", "children": [["name": "branch", "children": [leaf]] as [String: Any], leaf]]
        let html = try #require(library.renderCompiled(values, withTemplate: "tree"))
        #expect(html == "root(branch(leaf))(leaf)")
        #expect(html == library.mustache.render(values, withTemplate: "tree"))
    }

    /// Escaping is `HTML.escape`'s, byte by byte: the same as swift-mustache's except where
    /// swift-mustache, comparing whole characters, leaves a quote followed by a combining mark
    /// unescaped (and so lets a value end an attribute).
    @Test func escapesEverySpecialByte() throws {
        let library = try Self.library(["page": "<a title=\"{{title}}\">"])
        let html = try #require(library.renderCompiled(["title": "x\"\u{301} onclick=y <&'>"], withTemplate: "page"))
        #expect(html == "<a title=\"x&quot;\u{301} onclick=y &lt;&amp;&#39;&gt;\">")
    }

    private static func library(_ texts: [String: String]) throws -> TemplateLibrary {
        TemplateLibrary(try texts.mapValues { try MustacheTemplate(string: $0) })
    }
}
