// Heap-call counter for JIT-compiled programs (LD_PRELOAD into mlir-runner).
//
// Counts the malloc-family calls made by code that lies in no loaded shared
// object or executable (the code mlir-runner's JIT compiled), keeps the
// pointers they returned, and at exit prints, after everything the program
// printed:
//
//   heap: <N> mallocs, <M> frees, <K> live
//
// N: allocations by JIT code; M: frees (by any code) of pointers JIT code
// allocated; K: those pointers still allocated at exit. The runner's own
// allocations (LLVM, the runner libraries' internals) are not counted.
// Caller addresses are tested against the executable segments of the loaded
// objects (dl_iterate_phdr, cached and refreshed when an address falls
// outside every segment known). The allocators are glibc's (__libc_malloc
// and friends), so no symbol lookup happens inside malloc.

#define _GNU_SOURCE
#include <errno.h>
#include <link.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void __libc_free(void *);
extern void *__libc_memalign(size_t, size_t);

// Executable segments of the loaded objects.
#define MAX_SEGMENTS 4096
static uintptr_t seg_begin[MAX_SEGMENTS], seg_end[MAX_SEGMENTS];
static int seg_count;

// Pointers allocated by JIT code (open addressing; 0 empty, 1 deleted).
#define TABLE_BITS 20
#define TABLE_SIZE (1u << TABLE_BITS)
static uintptr_t table[TABLE_SIZE];
static unsigned long mallocs, frees, live;

static atomic_flag lock = ATOMIC_FLAG_INIT;
static void acquire(void) {
  while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire)) {
  }
}
static void release(void) { atomic_flag_clear_explicit(&lock, memory_order_release); }

static int add_segments(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  (void)data;
  for (int i = 0; i < info->dlpi_phnum && seg_count < MAX_SEGMENTS; ++i) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
      seg_begin[seg_count] = info->dlpi_addr + ph->p_vaddr;
      seg_end[seg_count] = info->dlpi_addr + ph->p_vaddr + ph->p_memsz;
      ++seg_count;
    }
  }
  return 0;
}

static int in_known_segment(uintptr_t address) {
  for (int i = 0; i < seg_count; ++i)
    if (address >= seg_begin[i] && address < seg_end[i])
      return 1;
  return 0;
}

// Whether `address` (a return address) lies in JIT-compiled code. Called
// with the lock held.
static int from_jit(uintptr_t address) {
  if (in_known_segment(address))
    return 0;
  seg_count = 0;
  dl_iterate_phdr(add_segments, NULL);
  return !in_known_segment(address);
}

static size_t slot_of(uintptr_t p) { return (size_t)((p >> 4) * 0x9E3779B97F4A7C15ull >> (64 - TABLE_BITS)); }

static void remember(void *p) {
  if (!p)
    return;
  uintptr_t key = (uintptr_t)p;
  for (size_t i = slot_of(key), n = 0; n < TABLE_SIZE; i = (i + 1) & (TABLE_SIZE - 1), ++n) {
    if (table[i] <= 1) {
      table[i] = key;
      ++mallocs;
      ++live;
      return;
    }
  }
}

// Forgets `p` if JIT code allocated it; whether it did.
static int forget(void *p) {
  if (!p || live == 0)
    return 0;
  uintptr_t key = (uintptr_t)p;
  for (size_t i = slot_of(key), n = 0; n < TABLE_SIZE; i = (i + 1) & (TABLE_SIZE - 1), ++n) {
    if (table[i] == 0)
      return 0;
    if (table[i] == key) {
      table[i] = 1;
      ++frees;
      --live;
      return 1;
    }
  }
  return 0;
}

#define CALLER ((uintptr_t)__builtin_extract_return_addr(__builtin_return_address(0)))

/* Remembers the block `p` when the allocation was called from JIT-compiled
   code (`caller` is the wrapper's return address); returns `p`. */
static void *noted(void *p, uintptr_t caller) {
  acquire();
  if (from_jit(caller))
    remember(p);
  release();
  return p;
}

void *malloc(size_t size) {
  void *p = __libc_malloc(size);
  return noted(p, CALLER);
}

void *calloc(size_t count, size_t size) {
  void *p = __libc_calloc(count, size);
  return noted(p, CALLER);
}

void *realloc(void *old, size_t size) {
  uintptr_t caller = CALLER;
  acquire();
  int tracked = forget(old);
  release();
  void *p = __libc_realloc(old, size);
  acquire();
  if (tracked || from_jit(caller))
    remember(p);
  release();
  return p;
}

void free(void *p) {
  acquire();
  forget(p);
  release();
  __libc_free(p);
}

void *aligned_alloc(size_t alignment, size_t size) {
  void *p = __libc_memalign(alignment, size);
  return noted(p, CALLER);
}

void *memalign(size_t alignment, size_t size) {
  void *p = __libc_memalign(alignment, size);
  return noted(p, CALLER);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
  if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  void *p = __libc_memalign(alignment, size);
  if (!p)
    return ENOMEM;
  *out = noted(p, CALLER);
  return 0;
}

__attribute__((destructor)) static void report(void) {
  fflush(NULL);
  char line[128];
  int n = snprintf(line, sizeof line, "heap: %lu mallocs, %lu frees, %lu live\n", mallocs, frees, live);
  if (n > 0)
    (void)!write(STDOUT_FILENO, line, (size_t)n);
}
