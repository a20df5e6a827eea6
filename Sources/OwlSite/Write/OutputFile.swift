import Foundation
import Owl

/// One file of a build's output, identified by the hash of its bytes, so that a file that
/// did not change can be left where it is.
struct OutputFile: Sendable {
    /// Where the bytes come from.
    enum Content: Sendable {
        /// The bytes.
        case bytes([UInt8])
        /// The bytes of the file at the same path that the build records describe, in the
        /// place its ``KeptPlace`` says (checked before the file is taken, see ``BuildReuse``).
        case kept(KeptPlace)
        /// The bytes of the file at this path, one of the site's sources (a static file),
        /// read when the file is written and checked against the hash (``StaticFileCache``).
        case source(String)
    }

    /// Where the bytes of a kept file are.
    enum KeptPlace: Sendable, Equatable {
        /// In the previous output, which the file is linked to or copied from.
        case previousOutput
        /// In the folder written into, as the build it holds left them: `number` is the
        /// file's number among that build's files (``BuildRecord/forEachFile(numbered:_:)``),
        /// by which the update of the folder tells the files gone from those kept without
        /// looking a path up.
        case staging(number: Int32)
        /// In the folder written into, where this build wrote them as the page rendered.
        case writtenNow
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

    /// A file as a build record describes it, kept from an earlier build where `place` holds it.
    init(kept record: BuildRecord.File, in place: KeptPlace) {
        content = .kept(place)
        hash = record.hash
        size = record.size
    }

    /// The file as the folder written into holds it, once this build wrote its bytes there.
    var writtenNow: OutputFile {
        var file = self
        file.content = .kept(.writtenNow)
        return file
    }

    /// Whether the folder written into holds the file's bytes already (kept anywhere but in
    /// the previous output): the file is not written again.
    var isKeptInStaging: Bool {
        if case let .kept(place) = content { place != .previousOutput } else { false }
    }

    /// What a build record keeps of the file.
    var record: BuildRecord.File {
        BuildRecord.File(hash: hash, size: size)
    }
}
