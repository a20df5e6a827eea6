import OwlFiles
#if canImport(Glibc)
import Glibc
#endif

/// Read-only bytes that readers and slices share without copying: a file mapped into
/// memory, or a copy of other bytes. Indices are offsets from the start of the whole, as in
/// `ArraySlice`.
///
/// A mapped file must not be cut shorter while it is mapped (reading past its new end
/// stops the process): the build cache maps only files that it replaces by renaming.
struct SharedBytes: RandomAccessCollection, Sendable {
    /// Owns the memory and gives it back when the last slice is gone.
    private final class Storage: @unchecked Sendable {
        /// The memory, bound to bytes once.
        let base: UnsafeBufferPointer<UInt8>
        private let isMapped: Bool

        init(base: UnsafeRawBufferPointer, isMapped: Bool) {
            self.base = UnsafeBufferPointer(
                start: base.baseAddress.map { UnsafeMutableRawPointer(mutating: $0).bindMemory(to: UInt8.self, capacity: base.count) },
                count: base.count
            )
            self.isMapped = isMapped
        }

        deinit {
            if isMapped {
                munmap(UnsafeMutableRawPointer(mutating: base.baseAddress), base.count)
            } else {
                base.deallocate()
            }
        }
    }

    private let storage: Storage
    let startIndex: Int
    let endIndex: Int

    /// A copy of `bytes`.
    init(_ bytes: some Collection<UInt8>) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 8)
        copy.copyBytes(from: bytes)
        self.init(storage: Storage(base: UnsafeRawBufferPointer(copy), isMapped: false), bounds: 0..<bytes.count)
    }

    /// The file at `path`, mapped into memory (or read, where the file system cannot map
    /// it); nil when it cannot be read or is not a regular file (a FIFO in its place would
    /// hang the read, and is opened without waiting for a writer).
    init?(mappingFile path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, FileKind(mode: status.st_mode) == .file else { return nil }
        let size = Int(status.st_size)
        guard size > 0 else {
            self.init([])
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            guard let bytes = FileBytes.contents(of: descriptor, size: size) else { return nil }
            self.init(bytes)
            return
        }
        self.init(storage: Storage(base: UnsafeRawBufferPointer(start: address, count: size), isMapped: true), bounds: 0..<size)
    }

    private init(storage: Storage, bounds: Range<Int>) {
        self.storage = storage
        startIndex = bounds.lowerBound
        endIndex = bounds.upperBound
    }

    subscript(position: Int) -> UInt8 {
        precondition(position >= startIndex && position < endIndex, "index out of range")
        return storage.base[position]
    }

    subscript(bounds: Range<Int>) -> SharedBytes {
        precondition(bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "range out of bounds")
        return SharedBytes(storage: storage, bounds: bounds)
    }

    func withContiguousStorageIfAvailable<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result? {
        try body(UnsafeBufferPointer(rebasing: storage.base[startIndex..<endIndex]))
    }

    /// Whether the bytes are `text`'s UTF-8, compared without making a `String` of them.
    func areUTF8(of text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            withUnsafeBytes { bytes in
                bytes.count == utf8.count && (utf8.isEmpty || memcmp(bytes.baseAddress!, utf8.baseAddress!, utf8.count) == 0)
            }
        }
    }

    /// Whether `other` holds the same bytes, compared without copying either.
    func hasSameBytes(as other: SharedBytes) -> Bool {
        count == other.count && withUnsafeBytes { mine in
            other.withUnsafeBytes { theirs in mine.isEmpty || memcmp(mine.baseAddress!, theirs.baseAddress!, mine.count) == 0 }
        }
    }

    /// Calls `body` with the bytes (of this slice only).
    func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: storage.base[startIndex..<endIndex])))
    }
}
