import CLinux

/// Whether the process's memory may come in huge pages (2 MB), which the owl-site executable
/// asks jemalloc for (`Sources/OwlAllocator`): a one-post rebuild then takes a few thousand
/// page faults rather than some 15,000 (at 10,000 posts), a tenth of its processor time.
///
/// A build that renders every page holds far more, and a huge page counts whole once
/// touched: with them, a cold build of 10,000 posts peaked at 132–139 MB rather than
/// 116–118, past the 120 MB such a build may hold. Such a build refuses them (123–125 MB
/// on tmpfs, against 117–120: some 8 MB were taken in them as the process started) and has
/// freed memory go back within a fifth of a second (``FreedMemory/giveBack(within:)``):
/// 114–118 MB.
enum HugePages {
    /// Refuses huge pages to the process from now on (`PR_SET_THP_DISABLE`; memory already
    /// in them, some 8 MB taken while the process started, stays). Does nothing where the
    /// kernel cannot.
    static func refuse() {
        _ = owl_refuse_huge_pages()
    }
}
