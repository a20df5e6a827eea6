// Linux system calls that glibc has no function for, as Swift can call them (it cannot
// call the variadic `syscall`). For OwlFiles only.
#ifndef OWL_CLINUX_H
#define OWL_CLINUX_H

#include <fcntl.h>
#include <linux/openat2.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Opens `path` with `flags` (no `O_CREAT`), refusing every symbolic link on the way
/// (`openat2` with `RESOLVE_NO_SYMLINKS`, Linux 5.6): -1 and `errno` ELOOP when there is
/// one, ENOSYS (or EPERM, from a sandbox's filter) where the kernel will not do it.
static inline int owl_open_without_links(const char *path, int flags) {
    struct open_how how = { .flags = (unsigned long long)flags, .mode = 0, .resolve = RESOLVE_NO_SYMLINKS };
    return (int)syscall(SYS_openat2, AT_FDCWD, path, &how, sizeof how);
}

#endif
