import CLinux

/// Whether the process's memory may come in huge pages (2 MB). A build refuses them, on
/// kernels that give them to every process (`transparent_hugepage=always`) as on those that
/// give them where asked.
///
/// A huge page is cleared whole when first touched, and where the kernel runs in a virtual
/// machine that hands free memory back to its host, clearing one makes the host find memory
/// for it anew: virtio-balloon's free page reporting, on this project's machines, reports
/// free blocks of 2 MB and more
/// (`/sys/module/page_reporting/parameters/page_reporting_order` is 9) two seconds after
/// they are freed, and a huge page is such a block. There, 256 MB in huge pages took 35–50
/// ms to touch when the blocks were still backed, and 590–740 ms one time in three; in 4 KB
/// pages, 100–150 ms. owl-site once asked jemalloc for huge pages for every rebuild
/// (`thp:always`): one-post rebuilds run back to back were as fast either way, but rebuilds
/// three seconds apart, as a writer saves, were slower with them: 92–251 ms against 84–104
/// ms at 10,000 posts, and 1.15–1.37 s against 0.69–0.77 s at 100,000 (the clearing of huge
/// pages was a fifth of the processor time). A build that renders every page holds far
/// more, and a huge page counts whole once touched: with them, a cold build of 10,000 posts
/// peaked at 132–139 MB rather than 116–118.
enum HugePages {
    /// Refuses huge pages to the process from now on (`PR_SET_THP_DISABLE`; memory already
    /// in them stays). Does nothing where the kernel cannot. The setting is the process's:
    /// made once, by the first build (`serve` starts one at every save).
    static func refuse() {
        _ = refused
    }

    private static let refused: Void = {
        _ = owl_refuse_huge_pages()
    }()
}
