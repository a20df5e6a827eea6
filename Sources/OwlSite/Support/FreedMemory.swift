#if canImport(Glibc)
import Glibc
#endif

/// Gives the memory a build has let go of back to the system at once.
///
/// owl-site runs on jemalloc (see Package.swift), which keeps freed pages for ten seconds in
/// the arena of the thread that freed them, for that thread to use again. A build frees most
/// of what it let go of on the worker threads that read the sources, while what it makes
/// next is made on its own thread: without this, the items' bodies a build lets go of once its
/// pages are written (a quarter of its memory) stayed counted, and the build's peak did not
/// fall (10,000 posts: 116 MB; 101 MB with jemalloc purging at once).
enum FreedMemory {
    /// jemalloc's `mallctl`, when the process runs on jemalloc; nil on another allocator.
    private static let control: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "mallctl") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int) -> Int32).self)
    }()

    /// Returns the freed pages of every arena to the system (`arena.<all>.purge`; 4096 is
    /// jemalloc's `MALLCTL_ARENAS_ALL`). Does nothing on another allocator.
    static func giveBack() {
        _ = control?("arena.4096.purge", nil, nil, nil, 0)
    }
}
