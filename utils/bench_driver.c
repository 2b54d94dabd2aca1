/* The execution-test driver (test/lib/driver.c, included) plus counters of
 * the heap allocations and frees a lowered MLIR program executes, for
 * utils/bench_optimizations.py, utils/bench_dealloc.py and utils/demo.py.
 * They rename the program's calls to malloc/aligned_alloc/free to the
 * bufrs_counted_* functions below; with BUFRS_COUNT_MALLOCS set, the counts
 * are printed to stderr at exit as
 * "bufrs-counts mallocs=N frees=M bytes=TOTAL peak=PEAK live=LIVE": bytes
 * requested in all, the most live at once, and still live at exit (leaked).
 * Sizes of live blocks are kept in a small open-addressing table, keyed by
 * the pointer XOR a mask: a table holding the pointers themselves would keep
 * every leaked block reachable and hide it from LeakSanitizer. */
#include "../test/lib/driver.c"

#include <stdatomic.h>
#include <stdlib.h>

static atomic_long mallocs, frees;
static pthread_mutex_t bytes_lock = PTHREAD_MUTEX_INITIALIZER;
static long total_bytes, live_bytes, peak_bytes;

/* Live blocks: hidden(pointer) -> size (a deleted slot keeps key 1). */
#define SLOTS (1 << 16)
static struct {
  uintptr_t key;
  size_t size;
} live[SLOTS];

static uintptr_t hidden(void *pointer) {
  return (uintptr_t)pointer ^ (uintptr_t)0xA5A5A5A5A5A5A5A5ull;
}

static size_t slot_of(void *pointer) {
  return ((size_t)pointer >> 4) * 2654435761u % SLOTS;
}

static void track(void *pointer, size_t size) {
  if (!pointer)
    return;
  pthread_mutex_lock(&bytes_lock);
  for (size_t i = slot_of(pointer), n = 0; n < SLOTS; i = (i + 1) % SLOTS, ++n) {
    if (live[i].key == 0 || live[i].key == 1) {
      live[i].key = hidden(pointer);
      live[i].size = size;
      break;
    }
  }
  total_bytes += (long)size;
  live_bytes += (long)size;
  if (live_bytes > peak_bytes)
    peak_bytes = live_bytes;
  pthread_mutex_unlock(&bytes_lock);
}

static void untrack(void *pointer) {
  pthread_mutex_lock(&bytes_lock);
  for (size_t i = slot_of(pointer), n = 0; n < SLOTS && live[i].key; i = (i + 1) % SLOTS, ++n) {
    if (live[i].key == hidden(pointer)) {
      live_bytes -= (long)live[i].size;
      live[i].key = 1;
      break;
    }
  }
  pthread_mutex_unlock(&bytes_lock);
}

void *bufrs_counted_malloc(size_t size) {
  atomic_fetch_add(&mallocs, 1);
  void *pointer = malloc(size);
  track(pointer, size);
  return pointer;
}
void *bufrs_counted_aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add(&mallocs, 1);
  void *pointer = aligned_alloc(alignment, size);
  track(pointer, size);
  return pointer;
}
void bufrs_counted_free(void *pointer) {
  if (pointer) {
    atomic_fetch_add(&frees, 1);
    untrack(pointer);
  }
  free(pointer);
}

static void report_counts(void) {
  fprintf(stderr, "bufrs-counts mallocs=%ld frees=%ld bytes=%ld peak=%ld live=%ld\n",
          (long)atomic_load(&mallocs), (long)atomic_load(&frees), total_bytes, peak_bytes, live_bytes);
}

__attribute__((constructor)) static void install_count_report(void) {
  if (getenv("BUFRS_COUNT_MALLOCS"))
    atexit(report_counts);
}
