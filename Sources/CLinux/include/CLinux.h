// Linux system calls that glibc has no function Swift can call for (it cannot call the
// variadic `syscall` and `prctl`), and what the dynamic loader knows of the running
// program (`dl_iterate_phdr`, which Swift's Glibc module leaves out). For OwlFiles and OwlSite.
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

/// Calls `each` for the running program and then for every shared object loaded with it, in
/// the order they were loaded (not the kernel's vDSO, which changes with the kernel): its
/// name (empty for the program itself, else its path as loaded), and its GNU build ID
/// (`NT_GNU_BUILD_ID`, which linkers make from what they linked) with that ID's length in
/// bytes, or NULL and 0 when it has none. `context` is handed to `each` as it is.
void owl_each_loaded_object(void (*each)(const char *name, const unsigned char *buildID, size_t length, void *context),
                            void *context);

#endif
