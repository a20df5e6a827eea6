#ifdef __linux__
#include <malloc.h>
#endif
