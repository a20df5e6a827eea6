import Owl
#if canImport(Glibc)
import Glibc
#endif

/// A copy of a template library for each thread that renders with it, none of its parts
/// shared with another thread's (``TemplateLibrary/unshared``).
///
/// Rendering a template retains each node it visits (a compiled node is a reference-counted
/// box), each partial and the library's own storage. Two threads rendering pages with one
/// library count the same counters up and down, and each count takes the cache line from the
/// other core. In a cold build of 100,000 posts on two cores, the renderer's retains took
/// 0.55 s of processor time, against 0.1 s on one core; with a copy for each thread, 0.09 s.
/// The build took 7.52 s rather than 7.93 s (tmpfs, five builds each, interleaved); at 10,000
/// posts, where the two cores seldom render at once, the same.
final class ThreadTemplates: Sendable {
    /// The library the copies are made of.
    let library: TemplateLibrary

    init(_ library: TemplateLibrary) {
        self.library = library
    }

    /// This thread's copy of the library: made the first time the thread asks, and kept (with
    /// the library it was made of) until the thread asks another `ThreadTemplates` for its
    /// own, or ends: one copy a thread at most.
    var forThisThread: TemplateLibrary {
        if let slot = pthread_getspecific(Self.key) {
            let copy = Unmanaged<Copy>.fromOpaque(slot).takeUnretainedValue()
            if copy.owner === self { return copy.library }
            Unmanaged<Copy>.fromOpaque(slot).release()
        }
        let copy = Copy(owner: self, library: library.unshared)
        pthread_setspecific(Self.key, Unmanaged.passRetained(copy).toOpaque())
        return copy.library
    }

    /// A thread's copy, and whose copy it is (held, so that no other owner takes its address).
    private final class Copy {
        let owner: ThreadTemplates
        let library: TemplateLibrary

        init(owner: ThreadTemplates, library: TemplateLibrary) {
            (self.owner, self.library) = (owner, library)
        }
    }

    /// The thread-specific slot of each thread's copy, released when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { slot in
            if let slot { Unmanaged<AnyObject>.fromOpaque(slot).release() }
        }
        return key
    }()
}
