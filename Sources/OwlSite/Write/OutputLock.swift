import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An exclusive lock on an output folder, held for a whole build: two builds into one folder
/// (a `serve` rebuilding while `build` runs, or two `serve`s of one site) take turns instead
/// of taking each other's spare and staging folders.
///
/// The lock is `flock` on a file beside the output (`.public.owl-lock` beside `public/`),
/// which stays there: the system lets go of the lock when the process ends, however it ends.
final class OutputLock {
    private var descriptor: Int32

    /// Locks `output` (its parent is made if missing): when another build holds the lock,
    /// calls `waiting` and waits for it.
    init(output: URL, waiting: () -> Void) throws {
        let parent = output.deletingLastPathComponent()
        let path = parent.appendingPathComponent(".\(output.lastPathComponent).owl-lock").path
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw SiteError(file: output.path, "cannot create the folder \(parent.path): \(SiteError.reason(of: error))")
        }
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw SiteError(file: output.path, "cannot open the lock file \(path): \(String(cString: strerror(errno)))") }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
        // A file system without locks (`ENOLCK`) builds unlocked, as before there was a lock.
        guard errno == EWOULDBLOCK else { return }
        waiting()
        while flock(descriptor, LOCK_EX) != 0 {
            // The descriptor is closed by `deinit`, which runs when a class's `init` throws.
            guard errno == EINTR else { throw SiteError(file: output.path, "cannot lock \(path): \(String(cString: strerror(errno)))") }
        }
    }

    /// Lets go of the lock, if it is still held.
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)  // and with it the lock
        descriptor = -1
    }

    deinit {
        release()
    }
}
