#if canImport(Glibc)
import Glibc

/// Swaps two paths in one step with Linux's `renameat2(RENAME_EXCHANGE)`, so that no
/// moment exists in which either path is missing.
enum AtomicExchange {
    private typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32

    /// glibc's `renameat2`, looked up at run time: Swift's Glibc module does not import it.
    private static let renameat2: RenameAt2? = dlsym(nil, "renameat2").map { unsafeBitCast($0, to: RenameAt2.self) }
    private static let exchangeFlag: UInt32 = 1 << 1

    /// Exchanges `first` and `second`; false when the system or file system cannot
    /// (nothing has moved then).
    static func exchange(_ first: String, _ second: String) -> Bool {
        guard let renameat2 else { return false }
        return renameat2(AT_FDCWD, first, AT_FDCWD, second, exchangeFlag) == 0
    }
}
#else
/// Atomic exchange is Linux-only; elsewhere callers fall back to two renames.
enum AtomicExchange {
    static func exchange(_ first: String, _ second: String) -> Bool { false }
}
#endif
