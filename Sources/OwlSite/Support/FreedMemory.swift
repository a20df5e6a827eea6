#if canImport(Glibc)
import Glibc
#endif

/// When the memory a build has let go of goes back to the system.
///
/// owl-site runs on jemalloc (see Package.swift), which keeps freed pages for ten seconds in
/// the arena of the thread that freed them, for that thread to use again. A build frees most
/// of what it let go of on the worker threads that read the sources, while what it makes
/// next is made on its own thread: without ``giveBack()``, the items' bodies a build lets go
/// of once its pages are written (a quarter of its memory) stayed counted, and the build's
/// peak did not fall (10,000 posts: 116 MB; 101 MB with jemalloc purging at once).
enum FreedMemory {
    /// jemalloc's `mallctl`, when the process runs on jemalloc; nil on another allocator.
    private static let control: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int) -> Int32)? = {
        guard let symbol = dlsym(nil, "mallctl") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutablePointer<Int>?, UnsafeMutableRawPointer?, Int) -> Int32).self)
    }()

    /// 4096 is jemalloc's `MALLCTL_ARENAS_ALL`.
    private static let allArenas = 4096

    /// Returns the freed pages of every arena to the system (`arena.<all>.purge`). Does
    /// nothing on another allocator.
    static func giveBack() {
        _ = control?("arena.\(allArenas).purge", nil, nil, nil, 0)
    }

    /// Has freed pages go back to the system within `milliseconds`, from now on, in every
    /// arena and in those made later (jemalloc's `dirty_decay_ms`; pages it has advised the
    /// system it may take, `muzzy_decay_ms`, at once). Does nothing on another allocator.
    static func giveBack(within milliseconds: Int) {
        guard let control else { return }
        var dirty = milliseconds, muzzy = 0
        _ = control("arenas.dirty_decay_ms", nil, nil, &dirty, MemoryLayout<Int>.size)
        _ = control("arenas.muzzy_decay_ms", nil, nil, &muzzy, MemoryLayout<Int>.size)
        var arenaCount: UInt32 = 0, size = MemoryLayout<UInt32>.size
        guard control("arenas.narenas", &arenaCount, &size, nil, 0) == 0 else { return }
        for arena in 0..<Int(arenaCount) {
            // Arenas not made yet say so, and take the setting above when they are.
            _ = control("arena.\(arena).dirty_decay_ms", nil, nil, &dirty, MemoryLayout<Int>.size)
            _ = control("arena.\(arena).muzzy_decay_ms", nil, nil, &muzzy, MemoryLayout<Int>.size)
        }
    }
}
