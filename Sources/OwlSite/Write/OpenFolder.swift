import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A folder held open for as long as this object lives, so that files in it are looked at
/// by paths relative to it (`fstatat`): the kernel then walks only the part of the path
/// below the folder, not the whole path from the root, for each of the tens of thousands
/// of files a rebuild checks. The descriptor follows the folder when it is renamed (as the
/// spare is, into a staging folder).
final class OpenFolder: Sendable {
    /// The open descriptor.
    let descriptor: Int32

    /// Opens the folder at `path`; nil when there is no folder there or it cannot be opened.
    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}
