// jemalloc's settings for the owl-site executable (OwlAllocator.c); nothing to call.
#ifndef OWL_ALLOCATOR_H
#define OWL_ALLOCATOR_H

/// Read by jemalloc when the process starts.
extern const char *malloc_conf;

#endif
