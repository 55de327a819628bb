//go:build ignore

// (The constraint keeps the go tool from treating this as cgo source; the
// file is only embedded by realredis.go and compiled by gcc at test time.)

/* mallocshim: preloaded before libfaketime so that redis-server's malloc family
 * goes to glibc instead of Debian's jemalloc. Without it, jemalloc's start-up
 * calls clock_gettime, libfaketime initialises and calls malloc, which re-enters
 * jemalloc's unfinished initialisation and deadlocks. Every symbol jemalloc
 * would otherwise interpose is defined here, so no pointer crosses allocators.
 * Build: gcc -shared -fPIC -O2 -o mallocshim.so mallocshim.c -ldl */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <stddef.h>

extern void *__libc_malloc(size_t);
extern void __libc_free(void *);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);
extern void *__libc_valloc(size_t);
extern void *__libc_pvalloc(size_t);

void *malloc(size_t n) { return __libc_malloc(n); }
void free(void *p) { __libc_free(p); }
void *calloc(size_t n, size_t m) { return __libc_calloc(n, m); }
void *realloc(void *p, size_t n) { return __libc_realloc(p, n); }
void *memalign(size_t a, size_t n) { return __libc_memalign(a, n); }
void *aligned_alloc(size_t a, size_t n) { return __libc_memalign(a, n); }
void *valloc(size_t n) { return __libc_valloc(n); }
void *pvalloc(size_t n) { return __libc_pvalloc(n); }

int posix_memalign(void **out, size_t a, size_t n) {
	if (a < sizeof(void *) || (a & (a - 1)) != 0) return EINVAL;
	void *p = __libc_memalign(a, n);
	if (p == NULL) return ENOMEM;
	*out = p;
	return 0;
}

/* glibc exports no __libc_ name for it; take glibc's own, not RTLD_NEXT's
 * (the next definition in search order is jemalloc's). */
size_t malloc_usable_size(void *p) {
	static size_t (*real)(void *);
	if (real == NULL) {
		void *h = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
		if (h != NULL) real = (size_t (*)(void *))dlsym(h, "malloc_usable_size");
		if (real == NULL) return 0;
	}
	return p == NULL ? 0 : real(p);
}
