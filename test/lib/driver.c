/* The C side of every execution test: prints what the MLIR program reports
 * and calls its entry point `run`. Output is flushed at once so that it is
 * complete even when a sanitizer ends the process.
 *
 * `run` executes on a thread of its own: once that thread has exited, no
 * stale copy of a leaked pointer is left in a stack or register that
 * LeakSanitizer scans at exit, so every leak is reported. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

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

/* Reads the value at an address a program took with
 * memref.extract_aligned_pointer_as_index (an `index`, a 64-bit integer
 * after lowering): `func.func private @bufrs_read_i64_at(index) -> i64` and
 * `@bufrs_read_i32_at(index) -> i32`. A use of the buffer no pass can see:
 * compiled with -fsanitize=address, the read is checked, so a buffer freed
 * before it is a use after free; one whose bytes were given to another
 * buffer reads a different value. */
int64_t bufrs_read_i64_at(intptr_t address) { return *(const int64_t *)address; }
int32_t bufrs_read_i32_at(intptr_t address) { return *(const int32_t *)address; }

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
  return 0;
}
