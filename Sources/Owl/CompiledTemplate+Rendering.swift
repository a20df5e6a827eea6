extension CompiledTemplate {
    /// `values` rendered as swift-mustache renders them, with `{{> name}}` taken from
    /// `partials` (a partial missing there renders as nothing).
    func render(_ values: Any, partials: TemplateLibrary?) throws(NeedsSwiftMustache) -> String {
        var renderer = Renderer<DynamicValue>(partials: partials, context: nil, stack: [values])
        return try renderer.render(nodes)
    }

    /// A cell's `context` rendered: the same, without boxing the context or casting it back
    /// on every lookup.
    func render(_ context: TemplateContext, partials: TemplateLibrary?) throws(NeedsSwiftMustache) -> String {
        var renderer = Renderer<DynamicValue>(partials: partials, context: context, stack: [])
        return try renderer.render(nodes)
    }

    /// Typed `value` rendered: the same text as its ``TemplateValue/anyValue`` gives, without casts.
    func render(_ value: TemplateValue, partials: TemplateLibrary?) throws(NeedsSwiftMustache) -> String {
        var renderer = Renderer<TemplateValue>(partials: partials, context: nil, stack: [value])
        return try renderer.render(nodes)
    }
}

/// One rendering: the partials and the context stack, innermost value last, read as `Values` reads them.
private struct Renderer<Values: RenderedValues> {
    typealias Value = Values.Value

    let partials: TemplateLibrary?
    /// The bottom of the stack when it is a cell's context, kept typed: most lookups of a
    /// list's cells end there.
    let context: TemplateContext?
    /// The values above `context` (all of them when there is none), innermost last.
    var stack: [Value]

    mutating func render(_ nodes: [CompiledTemplate.Node]) throws(NeedsSwiftMustache) -> String {
        var output = ""
        output.reserveCapacity(256)
        try render(nodes, indentation: "", into: &output)
        return output
    }

    /// Renders `nodes`. Inside an indented standalone partial, swift-mustache indents every
    /// non-empty piece that starts a line of this run of nodes: the same rule, piece by piece.
    mutating func render(_ nodes: [CompiledTemplate.Node], indentation: String, into output: inout String) throws(NeedsSwiftMustache) {
        guard !indentation.isEmpty else {
            for node in nodes {
                try render(node, indentation: indentation, into: &output)
            }
            return
        }
        var rendered = ""
        for node in nodes {
            var piece = ""
            try render(node, indentation: indentation, into: &piece)
            if !piece.isEmpty, rendered.last == "\n" {
                rendered += indentation
            }
            rendered += piece
        }
        output += rendered
    }

    private mutating func render(_ node: CompiledTemplate.Node, indentation: String, into output: inout String) throws(NeedsSwiftMustache) {
        switch node {
        case .text(let text):
            output += text
        case .variable(let name, let escaped):
            guard let value = try lookUp(name) else { return }
            let text = try Values.text(of: value)
            output += escaped ? HTML.escape(text) : text
        case .section(let name, let inverted, let children):
            let value = try lookUp(name)
            switch try Values.section(value) {
            case .elements(let elements) where inverted:
                guard elements.isEmpty, let value else { return }
                try render(children, pushing: value, indentation: indentation, into: &output)
            case .elements(let elements):
                for element in elements {
                    try render(children, pushing: element, indentation: indentation, into: &output)
                }
            case .flag(let flag):
                if flag != inverted {
                    try render(children, indentation: indentation, into: &output)
                }
            case .object(let object):
                if !inverted {
                    try render(children, pushing: object, indentation: indentation, into: &output)
                }
            case .nothing:
                if inverted {
                    try render(children, indentation: indentation, into: &output)
                }
            }
        case .partial(let name, let partialIndentation):
            guard let partial = try partials?.compiledPartial(named: name) else { return }
            try render(partial.nodes, indentation: indentation + partialIndentation, into: &output)
        }
    }

    private mutating func render(
        _ nodes: [CompiledTemplate.Node], pushing value: Value, indentation: String, into output: inout String
    ) throws(NeedsSwiftMustache) {
        stack.append(value)
        defer { stack.removeLast() }
        try render(nodes, indentation: indentation, into: &output)
    }

    /// The value of the cell's context called `name`.
    private func contextChild(named name: String) -> Value? {
        context?.child(named: name).flatMap(Values.value(ofCell:))
    }

    /// The value `name` stands for, looked up as swift-mustache does: the first key in the
    /// innermost value that has it (or only in the innermost value, for `.a`), the others
    /// inside what it found.
    private func lookUp(_ name: TemplateName) throws(NeedsSwiftMustache) -> Value? {
        guard let first = name.keys.first else { return Values.represented(stack.last ?? context.flatMap(Values.value(ofCell:))) }
        var found: Value?
        if name.innermostOnly {
            found = try stack.last.map { object throws(NeedsSwiftMustache) in try Values.child(named: first, of: object) } ?? contextChild(named: first)
        } else {
            for object in stack.reversed() {
                found = try Values.child(named: first, of: object)
                if found != nil { break }
            }
            if found == nil { found = contextChild(named: first) }
        }
        for key in name.keys.dropFirst() {
            guard let object = found else { return nil }
            found = try Values.child(named: key, of: object)
        }
        return Values.represented(found)
    }
}
