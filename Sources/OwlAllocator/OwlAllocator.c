// The settings of jemalloc, which owl-site runs on (Package.swift): jemalloc reads this
// string when it starts, before `main`.
//
// `thp:always`: jemalloc asks the kernel for huge pages (2 MB) for the memory it hands out
// (`madvise(MADV_HUGEPAGE)`; this machine kind's kernel gives them only where asked). A
// one-post rebuild of 10,000 posts touches some 60 MB of fresh memory: 15,000 page faults
// of 4 KB, a sixth of its processor time. With huge pages it takes some 4,300, and 20 to
// 30 ms less processor time and 10 to 20 ms less wall time (four runs of 15 rebuilds,
// interleaved), for some 18 MB more at its peak.
//
// A build that renders every page holds far more, briefly, and refuses them (OwlSite's
// `HugePages`), but for the few megabytes taken in them before it starts.
#include "OwlAllocator.h"

const char *malloc_conf = "thp:always";
