/* The counting benchmark driver (utils/bench_driver.c) plus a counter of
 * copies: utils/bench_dealloc.py inserts a call to bufrs_count_copy before
 * every bufferization.clone and memref.copy, and the count is printed to
 * stderr at exit as "bufrs-copies N". */
#include "bench_driver.c"

static atomic_long copies;

void bufrs_count_copy(void) { atomic_fetch_add(&copies, 1); }

static void report_copies(void) {
  fprintf(stderr, "bufrs-copies %ld\n", (long)atomic_load(&copies));
}

__attribute__((constructor)) static void install_copy_report(void) {
  atexit(report_copies);
}
