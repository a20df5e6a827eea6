import Owl

/// The id of a build: a hash of every file's path and bytes, which names the build's record
/// (and appears nowhere in the output).
///
/// Each file's path is hashed with its file's hash into the file's share, and the shares are
/// added up, which gives the same sum in any order: sorting 10,000 paths took longer than
/// all the hashing. A rendered page's files add their shares where they are made, on both
/// cores, and a page taken unchanged brings its share from the record (``PageFiles/buildShare``):
/// at 100,000 posts, hashing the 104,000 paths of the build's table once it was made took the
/// build's thread 22 ms of a one-post rebuild, with the other core idle.
struct BuildID {
    /// The sum of the shares added so far.
    private(set) var sum: UInt64 = 0

    /// The id of no file yet.
    init() {}

    /// The id of `files` (path → file).
    init(files: [String: OutputFile]) {
        for (path, file) in files { add(path, file) }
    }

    /// What the file at `path`, whose bytes hash to `fileHash`, adds to the sum.
    static func share(path: String, fileHash: UInt64) -> UInt64 {
        var hash = ContentHasher()
        hash.update(with: path)
        withUnsafeBytes(of: fileHash.littleEndian) { hash.update(with: $0) }
        return hash.hash.value
    }

    /// Adds the file at `path`.
    mutating func add(_ path: String, _ file: OutputFile) {
        add(share: Self.share(path: path, fileHash: file.hash))
    }

    /// Adds a share made by ``share(path:fileHash:)``, or a sum of them.
    mutating func add(share: UInt64) {
        sum &+= share
    }

    /// The id, as the record's name: the sum's hash in hexadecimal.
    var text: String {
        withUnsafeBytes(of: sum.littleEndian) { ContentHash(bytes: $0) }.description
    }
}
