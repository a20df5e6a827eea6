// The functions are in include/CLinux.h, inline; a C target needs one source file.
#include "CLinux.h"
