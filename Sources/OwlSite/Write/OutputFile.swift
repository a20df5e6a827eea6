import Foundation
import Owl

/// One file of a build's output, identified by the hash of its bytes, so that a file that
/// did not change can be left where it is.
struct OutputFile: Sendable {
    /// Where the bytes come from.
    enum Content: Sendable {
        /// The bytes.
        case bytes([UInt8])
        /// The bytes of the file at the same path that the build records describe: the
        /// folder written into holds them (`inStaging`), or else the previous output does
        /// (checked before the file is taken, see ``BuildReuse``).
        case kept(inStaging: Bool)
        /// The bytes of the file at this path, one of the site's sources (a static file),
        /// read when the file is written and checked against the hash (``StaticFileCache``).
        case source(String)
    }

    var content: Content
    /// Hash of the bytes (``XXH64``).
    var hash: UInt64
    var size: Int

    /// A file of `bytes`.
    init(_ bytes: [UInt8]) {
        content = .bytes(bytes)
        hash = XXH64.hash(bytes)
        size = bytes.count
    }

    /// The file at `path` among the sources, whose bytes have this hash and size.
    init(source path: String, hash: UInt64, size: Int) {
        content = .source(path)
        self.hash = hash
        self.size = size
    }

    /// A file as a build record describes it, kept from an earlier build: as the folder
    /// written into holds it, when `inStaging`, or else copied from the previous output.
    init(kept record: BuildRecord.File, inStaging: Bool) {
        content = .kept(inStaging: inStaging)
        hash = record.hash
        size = record.size
    }

    /// The file as the folder written into holds it, once its bytes are written there.
    var keptInStaging: OutputFile {
        var file = self
        file.content = .kept(inStaging: true)
        return file
    }

    /// What a build record keeps of the file.
    var record: BuildRecord.File {
        BuildRecord.File(hash: hash, size: size)
    }
}
