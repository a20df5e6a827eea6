// Most functions are in include/CLinux.h, inline; those that take a callback are here.
#define _GNU_SOURCE
#include "CLinux.h"

#include <elf.h>
#include <link.h>
#include <string.h>

/// The GNU build ID among the notes of one loaded object, or NULL (its length in `length`).
static const unsigned char *owl_build_id(const struct dl_phdr_info *info, size_t *length) {
    for (ElfW(Half) index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        if (segment->p_type != PT_NOTE) continue;
        // Each note is a header, its name and its description, the last two padded to the
        // segment's alignment (4, or 8 for notes such as `.note.gnu.property`).
        const size_t alignment = segment->p_align == 8 ? 8 : 4;
        const unsigned char *note = (const unsigned char *)(info->dlpi_addr + segment->p_vaddr);
        const unsigned char *end = note + segment->p_memsz;
        while ((size_t)(end - note) >= sizeof(ElfW(Nhdr))) {
            const ElfW(Nhdr) *header = (const ElfW(Nhdr) *)note;
            const size_t nameSize = (header->n_namesz + alignment - 1) & ~(alignment - 1);
            const size_t descriptionSize = (header->n_descsz + alignment - 1) & ~(alignment - 1);
            if (nameSize + descriptionSize > (size_t)(end - note) - sizeof(ElfW(Nhdr))) break;
            const unsigned char *name = note + sizeof(ElfW(Nhdr));
            const unsigned char *description = name + nameSize;
            if (header->n_type == NT_GNU_BUILD_ID && header->n_namesz == 4 && memcmp(name, "GNU", 4) == 0 && header->n_descsz > 0) {
                *length = header->n_descsz;
                return description;
            }
            note = description + descriptionSize;
        }
    }
    *length = 0;
    return NULL;
}

struct owl_each_loaded_object_call {
    void (*each)(const char *, const unsigned char *, size_t, void *);
    void *context;
};

static int owl_visit_loaded_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    const struct owl_each_loaded_object_call *call = data;
    const char *name = info->dlpi_name ? info->dlpi_name : "";
    if (strncmp(name, "linux-vdso", 10) == 0 || strncmp(name, "linux-gate", 10) == 0) return 0;
    size_t length = 0;
    const unsigned char *buildID = owl_build_id(info, &length);
    call->each(name, buildID, length, call->context);
    return 0;
}

void owl_each_loaded_object(void (*each)(const char *name, const unsigned char *buildID, size_t length, void *context),
                            void *context) {
    struct owl_each_loaded_object_call call = { each, context };
    dl_iterate_phdr(owl_visit_loaded_object, &call);
}
