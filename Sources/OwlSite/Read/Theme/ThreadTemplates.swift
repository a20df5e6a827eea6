import Owl
#if canImport(Glibc)
import Glibc
#endif

/// A copy of a template library for each thread that renders many pages with it, none of
/// its parts shared with another thread's (``TemplateLibrary/unshared``).
///
/// Rendering a template retains each node it visits (a compiled node is a reference-counted
/// box), each partial and the library's own storage. Two threads rendering pages with one
/// library count the same counters up and down, and each count takes the cache line from the
/// other core. In a cold build of 100,000 posts on two cores, the renderer's retains took
/// 0.55 s of processor time, against 0.1 s on one core; with a copy for each thread, 0.09 s.
/// The build took 7.52 s rather than 7.93 s (tmpfs, five builds each, interleaved); at 10,000
/// posts, where the two cores seldom render at once, the same.
///
/// A thread renders with the shared library until it has rendered ``rendersBeforeCopy``
/// times: a rebuild renders a page or a few, on two or three threads, and the copies for
/// them were 1,200 of a 1,000-post rebuild's 23,400 allocations, and 1.3 to 4.2 million of
/// its 83 million instructions (valgrind, two runs), against no contention worth a copy.
final class ThreadTemplates: Sendable {
    /// The library the copies are made of.
    let library: TemplateLibrary

    /// The renders on one thread with the shared library before that thread takes a copy.
    static let rendersBeforeCopy = 16

    init(_ library: TemplateLibrary) {
        self.library = library
    }

    /// The library this thread renders with: the shared one for its first
    /// ``rendersBeforeCopy`` renders, then its own copy, made then and kept (with the library
    /// it was made of) until the thread renders with another `ThreadTemplates`, or ends: one
    /// copy a thread at most.
    var forThisThread: TemplateLibrary {
        let slot = pthread_getspecific(Self.key).map { Unmanaged<ThisThread>.fromOpaque($0) }
        let thread: ThisThread
        if let kept = slot?.takeUnretainedValue(), kept.owner === self {
            thread = kept
        } else {
            // None yet, or another set's: this set's takes its place.
            slot?.release()
            thread = ThisThread(owner: self)
            pthread_setspecific(Self.key, Unmanaged.passRetained(thread).toOpaque())
        }
        if let copy = thread.copy { return copy }
        thread.renders += 1
        guard thread.renders > Self.rendersBeforeCopy else { return library }
        let copy = library.unshared
        thread.copy = copy
        return copy
    }

    /// What one thread keeps: whose it is (held, so that no other owner takes its address),
    /// its renders so far and, once made, its copy. Only that thread reads or changes it.
    private final class ThisThread {
        let owner: ThreadTemplates
        var renders = 0
        var copy: TemplateLibrary?

        init(owner: ThreadTemplates) {
            self.owner = owner
        }
    }

    /// The thread-specific slot of each thread's ``ThisThread``, released when the thread ends.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { slot in
            if let slot { Unmanaged<AnyObject>.fromOpaque(slot).release() }
        }
        return key
    }()
}
