// report-file=PATH: the report as JSON, one record per scope (buffers, the
// sum of their bytes, the bytes live at the peak without padding, the arena,
// the lower bound with padding, the planner, merged or why not, the plan's
// picture) and per allocation left alone, functions in name order; the
// remarks (checked by -verify-diagnostics) say the same numbers on stderr.
// Read from stdin, so locations are <stdin>:LINE:COLUMN of this file.

// RUN: %bufrs-opt --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{report-file=%t.json}))' -verify-diagnostics -o /dev/null < %s
// RUN: FileCheck %s --input-file=%t.json --match-full-lines --strict-whitespace

// CHECK:{
// CHECK-NEXT:  "pass": "bufrs-merge-alloc",
// CHECK-NEXT:  "scopes": [
// CHECK-NEXT:    {"function":"chain","scope":"@chain","memory_space":"","class":"heap","buffers":3,"dynamic_buffers":0,"bytes":200,"peak_live_bytes":120,"arena_bytes":192,"lower_bound":192,"planner":"default","merged":true,"reason":null,"svg":null},
// CHECK-NEXT:    {"function":"one","scope":"@one","memory_space":"","class":"heap","buffers":1,"dynamic_buffers":0,"bytes":64,"peak_live_bytes":64,"arena_bytes":null,"lower_bound":64,"planner":"default","merged":false,"reason":"one buffer","svg":null},
// CHECK-NEXT:    {"function":"padded","scope":"@padded","memory_space":"","class":"heap","buffers":2,"dynamic_buffers":0,"bytes":64,"peak_live_bytes":64,"arena_bytes":128,"lower_bound":128,"planner":"default","merged":false,"reason":"no byte saved (64 bytes before, 128 bytes after)","svg":null}
// CHECK-NEXT:  ],
// CHECK-NEXT:  "left_alone": [
// CHECK-NEXT:    {"function":"chain","location":"<stdin>:38:8","reason":"returned"},
// CHECK-NEXT:    {"function":"one","location":"<stdin>:58:8","reason":"dynamic shape"}
// CHECK-NEXT:  ]
// CHECK-NEXT:}

// Three buffers of 80, 40 and 80 bytes, two live at a time: 120 bytes at
// the peak, 192 with each padded to 64-byte slots.
// expected-remark @below {{bufrs-merge-alloc: scope @chain: 3 buffers merged, 200 bytes before, 192 bytes after, lower bound 192, ratio 1.000, peak live 120 bytes}}
func.func @chain(%f: f32, %i: index) -> memref<4xf32> {
  %a = memref.alloc() : memref<20xf32>
  memref.store %f, %a[%i] : memref<20xf32>
  %b = memref.alloc() : memref<10xf32>
  memref.store %f, %b[%i] : memref<10xf32>
  %x = memref.load %a[%i] : memref<20xf32>
  %c = memref.alloc() : memref<20xf32>
  memref.store %x, %c[%i] : memref<20xf32>
  %y = memref.load %b[%i] : memref<10xf32>
  %z = memref.load %c[%i] : memref<20xf32>
  // expected-remark @below {{bufrs-merge-alloc: not merged: returned}}
  %r = memref.alloc() : memref<4xf32>
  memref.store %z, %r[%i] : memref<4xf32>
  return %r : memref<4xf32>
}

// expected-remark @below {{bufrs-merge-alloc: scope @padded: not merged: no byte saved (64 bytes before, 128 bytes after)}}
func.func @padded(%f: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<10xf32>
  %b = memref.alloc() : memref<6xf32>
  memref.store %f, %a[%i] : memref<10xf32>
  memref.store %f, %b[%i] : memref<6xf32>
  %x = memref.load %a[%i] : memref<10xf32>
  return %x : f32
}

// expected-remark @below {{bufrs-merge-alloc: scope @one: not merged: one buffer}}
func.func @one(%f: f32, %i: index, %n: index) {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  // expected-remark @below {{bufrs-merge-alloc: not merged: dynamic shape}}
  %d = memref.alloc(%n) : memref<?xf32>
  memref.store %f, %d[%i] : memref<?xf32>
  return
}
