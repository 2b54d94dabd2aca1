/* The execution-test driver (test/lib/driver.c, included) plus a counter of
 * the heap allocations and frees a lowered MLIR program executes, for
 * utils/bench_optimizations.py and utils/bench_dealloc.py. The benchmarks
 * rename the program's calls to malloc/aligned_alloc/free to the
 * bufrs_counted_* functions below; with BUFRS_COUNT_MALLOCS set, the counts
 * are printed to stderr at exit as "bufrs-counts mallocs=N frees=M bytes=B"
 * (B: the bytes the allocations asked for). */
#include "../test/lib/driver.c"

#include <stdatomic.h>
#include <stdlib.h>

static atomic_long mallocs, frees, bytes;

void *bufrs_counted_malloc(size_t size) {
  atomic_fetch_add(&mallocs, 1);
  atomic_fetch_add(&bytes, (long)size);
  return malloc(size);
}
void *bufrs_counted_aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add(&mallocs, 1);
  atomic_fetch_add(&bytes, (long)size);
  return aligned_alloc(alignment, size);
}
void bufrs_counted_free(void *pointer) {
  if (pointer)
    atomic_fetch_add(&frees, 1);
  free(pointer);
}

static void report_counts(void) {
  fprintf(stderr, "bufrs-counts mallocs=%ld frees=%ld bytes=%ld\n", (long)atomic_load(&mallocs),
          (long)atomic_load(&frees), (long)atomic_load(&bytes));
}

__attribute__((constructor)) static void install_count_report(void) {
  if (getenv("BUFRS_COUNT_MALLOCS"))
    atexit(report_counts);
}
