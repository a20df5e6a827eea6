// Linux system calls that glibc has no function Swift can call for (it cannot call the
// variadic `syscall` and `prctl`). For OwlFiles and OwlSite.
#ifndef OWL_CLINUX_H
#define OWL_CLINUX_H

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Opens `path` with `flags` (no `O_CREAT`), refusing every symbolic link on the way
/// (`openat2` with `RESOLVE_NO_SYMLINKS`, Linux 5.6): -1 and `errno` ELOOP when there is
/// one, ENOSYS (or EPERM, from a sandbox's filter) where the kernel will not do it.
static inline int owl_open_without_links(const char *path, int flags) {
    struct open_how how = { .flags = (unsigned long long)flags, .mode = 0, .resolve = RESOLVE_NO_SYMLINKS };
    return (int)syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
}

/// Refuses huge pages to the process from now on, even where they were asked for
/// (`PR_SET_THP_DISABLE`, Linux 3.15): 0, or -1 and `errno`.
static inline int owl_refuse_huge_pages(void) {
    return prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0);
}

#endif
