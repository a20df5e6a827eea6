import Foundation
import Synchronization
import Testing

@testable import Owl
@testable import OwlSite

/// Each thread that renders many pages renders with a copy of the theme's templates that
/// shares no storage with another's (``ThreadTemplates``), and renders the same text.
@Suite struct ThreadTemplatesTests {
    let templates: TemplateSet

    init() throws {
        templates = try TemplateSet(overrides: nil, sourceRoot: SiteFixture.packageRoot)
    }

    /// Where the text of the first text node longer than a string's in-place storage is
    /// held, in each template of `library`.
    private func textStorage(of library: TemplateLibrary) -> [String: Int] {
        func firstLongText(_ nodes: [CompiledTemplate.Node]) -> String? {
            for node in nodes {
                switch node {
                case let .text(text) where text.utf8.count > 15: return text
                case let .section(_, _, children): if let text = firstLongText(children) { return text }
                default: continue
                }
            }
            return nil
        }
        return library.compiled.compactMapValues { template in
            firstLongText(template.nodes).flatMap { text in text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } }
        }
    }

    @Test func aCopyIsEqualAndHasStorageOfItsOwn() {
        let library = templates.library.unshared
        #expect(library.compiled == templates.library.compiled)
        let before = textStorage(of: templates.library), after = textStorage(of: library)
        #expect(before.count > 10)
        #expect(Set(before.keys) == Set(after.keys))
        #expect(before.allSatisfy { after[$0.key] != $0.value })
    }

    /// A thread renders with the shared library at first (a rebuild renders a page or a few,
    /// for which a copy costs more than it saves), then with a copy of its own, which it keeps
    /// until it renders with another set.
    @Test func aThreadTakesACopyOnceItRendersManyPagesAndKeepsIt() {
        let shared = ThreadTemplates(templates.library)
        let library = textStorage(of: templates.library)
        for _ in 0..<ThreadTemplates.rendersBeforeCopy {
            #expect(textStorage(of: shared.forThisThread) == library)
        }
        let copy = textStorage(of: shared.forThisThread)
        #expect(Set(copy.keys) == Set(library.keys))
        #expect(library.allSatisfy { copy[$0.key] != $0.value })
        #expect(textStorage(of: shared.forThisThread) == copy)
        // Another thread has a copy of its own, once it too has rendered enough.
        let other = Mutex<[String: Int]>([:])
        let done = DispatchSemaphore(value: 0)
        Thread { [self] in
            for _ in 0..<ThreadTemplates.rendersBeforeCopy { _ = shared.forThisThread }
            other.withLock { $0 = textStorage(of: shared.forThisThread) }
            done.signal()
        }.start()
        done.wait()
        let elsewhere = other.withLock { $0 }
        #expect(Set(elsewhere.keys) == Set(copy.keys))
        #expect(copy.allSatisfy { elsewhere[$0.key] != $0.value && library[$0.key] != elsewhere[$0.key] })
        // Another set takes this thread's place: asked again, the first set starts over.
        _ = ThreadTemplates(templates.library).forThisThread
        #expect(textStorage(of: shared.forThisThread) == library)
    }

    /// A page rendered through this thread's copy is the page the library renders.
    @Test func theCopyRendersTheSameText() throws {
        let values: [String: TemplateValue] = ["site": .map(["title": .text("Owl")]), "page": .map(["title": .text("A page & more")])]
        let expected = try #require(templates.library.render(.map(values), withTemplate: "layouts/base"))
        // The last through this thread's copy.
        for _ in 0...ThreadTemplates.rendersBeforeCopy {
            #expect(templates.render("layouts/base", values) == expected)
        }
    }
}
