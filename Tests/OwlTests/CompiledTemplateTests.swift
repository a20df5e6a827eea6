import Mustache
import Testing

@testable import Owl

/// The compiled fast path renders exactly what swift-mustache renders.
@Suite struct CompiledTemplateTests {
    struct Tag {
        let label: String
        let weight: Double
    }

    struct Person {
        let name: String
        let nickname: String?
        let age: Int
        let admin: Bool
        let tags: [Tag]
        let friends: [String]
        let boss: Tag?
    }

    static let templates = [
        "plain text only",
        "{{name}} & {{{name}}} & {{&name}}",
        "{{nickname}}|{{missing}}|{{age}}",
        "{{#admin}}admin{{/admin}}{{^admin}}user{{/admin}}",
        "<ul>\n  {{#tags}}\n  <li>{{label}}: {{weight}} ({{name}})</li>\n  {{/tags}}\n</ul>\n",
        "{{#friends}}[{{.}}]{{/friends}}{{^friends}}none{{/friends}}",
        "{{#boss}}{{label}}{{/boss}}{{^boss}}no boss{{/boss}}",
        "{{boss.label}}/{{boss.weight}}/{{boss.missing}}",
        "  {{! a comment }}\n{{#nickname}}aka {{.}}{{/nickname}}\n",
        "{{#tags}}{{#boss}}{{label}}{{/boss}}{{/tags}}",
        "{{=<% %>=}}<% name %> <%={{ }}=%>{{age}}",
    ]

    static let people = [
        Person(
            name: "Ada <\"Countess\"> & 'co'", nickname: "Ada", age: 36, admin: true,
            tags: [Tag(label: "math", weight: 1.5), Tag(label: "<poetry>", weight: 2)], friends: ["Charles", "Mary"],
            boss: Tag(label: "Queen", weight: 0)),
        Person(name: "Alan", nickname: nil, age: 41, admin: false, tags: [], friends: [], boss: nil),
    ]

    @Test(arguments: templates)
    func rendersLikeSwiftMustache(_ text: String) throws {
        let template = try MustacheTemplate(string: text)
        let compiled = try #require(CompiledTemplate(template))
        for person in Self.people {
            let context = TemplateContext(person, link: "/people/1")
            #expect(try compiled.render(context, partials: nil) == template.render(context))
        }
    }

    @Test func templatesBeyondTheSubsetDoNotCompile() throws {
        for text in ["{{>*dynamic}}", "{{<parent}}{{/parent}}", "{{uppercased(name)}}", "{{$block}}x{{/block}}", "{{% CONTENT_TYPE: TEXT}}"] {
            #expect(CompiledTemplate(try MustacheTemplate(string: text)) == nil, "\(text)")
        }
    }

    @Test func cellTemplatesWithPartialsTakeTheCompiledPath() throws {
        let templates = Templates(source: InMemoryTemplateSource([
            "cells/Person": "<p>\n  {{> parts/tags}}\n</p>\n", "parts/tags": "{{#tags}}\n<i>{{label}}</i>\n{{/tags}}\n",
        ]))
        let parsed = try #require(try templates.parsedTemplate(.named("cells/Person")))
        let compiled = try #require(parsed.compiled)
        for person in Self.people {
            let context = TemplateContext(person, link: nil)
            #expect(try compiled.render(context, partials: parsed.partials) == parsed.mustache.render(context, library: parsed.partials?.mustache))
        }
    }

    struct WithLambda {
        let lambda = MustacheLambda { "x" }
    }

    @Test func valuesBeyondTheSubsetFallBack() throws {
        let template = try MustacheTemplate(string: "{{lambda}}")
        let compiled = try #require(CompiledTemplate(template))
        let context = TemplateContext(WithLambda(), link: nil)
        #expect(throws: NeedsSwiftMustache.self) { try compiled.render(context, partials: nil) }
        #expect(ParsedTemplate(mustache: template, compiled: compiled, partials: nil).render(context) == "x")
    }
}

/// Templates beyond the compiled subset still render, through swift-mustache.
@Suite struct UnusualTemplateTests {
    private func render(_ template: String, extra: [String: String] = [:]) throws -> String {
        let director = ListDirector(id: "l", templates: templates(extra))
        let adapter = contactAdapter()
        adapter.template = .inline(template)
        director.registerCellAdapter(adapter)
        director.add(section: Section(id: "s", elements: [Contact(name: "<Ada>", email: "a@x")]))
        let list = try director.renderList()
        let cell = list.html(of: list.sections[0].cells[0])
        return String(cell.drop { $0 != ">" }.dropFirst().dropLast("</li>".count))
    }

    @Test func blocksTransformsPragmasAndInheritance() throws {
        #expect(try render("{{$title}}default {{name}}{{/title}}") == "default &lt;Ada&gt;")
        #expect(try render("{{lowercased(name)}}") == "&lt;ada&gt;")
        #expect(try render("{{% CONTENT_TYPE: TEXT}}{{name}}") == "<Ada>")
        #expect(try render("{{<frame}}{{$body}}{{email}}{{/body}}{{/frame}}", extra: ["frame": "[{{$body}}{{/body}}]"]) == "[a@x]")
        #expect(throws: OwlError.self) { try render("{{<absent}}{{$body}}x{{/body}}{{/absent}}") }
    }
}
