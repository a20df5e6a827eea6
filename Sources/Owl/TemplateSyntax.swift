import Mustache

/// swift-mustache's parse errors in words: its error cases are names (`unfinishedName`),
/// which tell a template author little.
enum TemplateSyntax {
    /// What went wrong, as a sentence a template author can act on.
    static func reason(_ error: any Error) -> String {
        if let error = error as? MustacheTemplate.Error {
            switch error {
            case .sectionCloseNameIncorrect:
                return "a section is closed with another name than it was opened with ({{#a}}…{{/b}})"
            case .unfinishedName:
                return "a tag is not finished: {{ without its }}, or a name with a space or another character names cannot hold"
            case .expectedSectionEnd:
                return "a section is opened but never closed ({{#name}} or {{^name}} without {{/name}})"
            case .invalidSetDelimiter:
                return "a set-delimiter tag is badly formed (it reads {{=<% %>=}})"
            case .transformAppliedToInheritanceSection:
                return "a transform is applied to an inheritance section ({{<partial}} or {{$block}})"
            case .illegalTokenInsideInheritSection:
                return "only blocks ({{$name}}…{{/name}}) may appear inside {{<partial}}…{{/partial}}"
            case .textInsideInheritSection:
                return "text appears inside {{<partial}}…{{/partial}}, where only blocks may"
            case .invalidConfigVariableSyntax:
                return "a pragma tag is badly formed (it reads {{% NAME: value}})"
            case .unrecognisedConfigVariable:
                return "a pragma tag names a setting swift-mustache does not know"
            }
        }
        if String(describing: error) == "overflow" {
            return "the template ends in the middle of a tag"
        }
        return String(describing: error)
    }
}
