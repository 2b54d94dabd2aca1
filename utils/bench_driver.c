/* The execution-test driver (a copy of test/lib/driver.c) plus a counter of
 * the heap allocations and frees a lowered MLIR program executes, for
 * utils/bench_optimizations.py. The benchmark renames the program's calls to
 * malloc/aligned_alloc/free to the bufrs_counted_* functions below; with
 * BUFRS_COUNT_MALLOCS set, the counts are printed to stderr at exit as
 * "bufrs-counts mallocs=N frees=M". */
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_long mallocs, frees;

void *bufrs_counted_malloc(size_t size) {
  atomic_fetch_add(&mallocs, 1);
  return malloc(size);
}
void *bufrs_counted_aligned_alloc(size_t alignment, size_t size) {
  atomic_fetch_add(&mallocs, 1);
  return aligned_alloc(alignment, size);
}
void bufrs_counted_free(void *pointer) {
  if (pointer)
    atomic_fetch_add(&frees, 1);
  free(pointer);
}

void bufrs_print_i64(int64_t value) {
  printf("%lld\n", (long long)value);
  fflush(stdout);
}
void bufrs_print_f32(float value) {
  printf("%.6g\n", value);
  fflush(stdout);
}
void bufrs_print_f64(double value) {
  printf("%.9g\n", value);
  fflush(stdout);
}

void run(void);

static void *run_on_thread(void *unused) {
  (void)unused;
  run();
  return NULL;
}

int main(void) {
  pthread_t thread;
  if (pthread_create(&thread, NULL, run_on_thread, NULL) != 0 ||
      pthread_join(thread, NULL) != 0) {
    fprintf(stderr, "driver: cannot run the program on a thread\n");
    return 2;
  }
  if (getenv("BUFRS_COUNT_MALLOCS"))
    fprintf(stderr, "bufrs-counts mallocs=%ld frees=%ld\n", (long)atomic_load(&mallocs), (long)atomic_load(&frees));
  return 0;
}
