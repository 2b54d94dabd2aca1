// plan-svg-dir=DIR: a picture of every merged scope's plan (plan::svg),
// DIR/<function>.svg, DIR/<function>.<scope>.svg for a nested scope; the
// directory is created. Scopes left alone (@single) get none. The file is
// well-formed XML, and shows one box per buffer (named as in the IR) and the
// lower bound and total lines; the report file names the picture.

// RUN: rm -rf %t.svgs
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-merge-alloc{plan-svg-dir=%t.svgs report-file=%t.json}))' -o /dev/null 2>/dev/null
// RUN: ls %t.svgs | FileCheck %s --check-prefix=FILES --match-full-lines --implicit-check-not='{{.}}'
// RUN: python3 -c "import sys, xml.etree.ElementTree as E; r = E.parse(sys.argv[1]).getroot(); assert r.tag == '{http://www.w3.org/2000/svg}svg', r.tag" %t.svgs/pair.svg
// RUN: python3 -c "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])" %t.svgs/nested.scf.forall_1.svg
// RUN: FileCheck %s --check-prefix=SVG --input-file=%t.svgs/pair.svg
// RUN: FileCheck %s --check-prefix=JSON --input-file=%t.json -DDIR=%t.svgs

// FILES: nested.scf.forall_1.svg
// FILES-NEXT: pair.svg

// SVG-LABEL: <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="720" viewBox="0 0 1200 720" font-family="sans-serif" font-size="11">
// SVG: <text x="90" y="22" font-size="14">2 buffers, total 64 bytes, lower bound 64 bytes (ratio 1.0000)</text>
// SVG: <g><title>%alloc size 64 offset 0 ticks [2, 3]</title><rect x="90.00" y="40.00" width="436.00" height="630.00" fill="hsl(0,60%,75%)" stroke="black" stroke-width="0.5"/>
// SVG: <text x="308.00" y="355.00" text-anchor="middle" dominant-baseline="middle">%alloc</text>
// SVG: <g><title>%alloc_0 size 64 offset 0 ticks [5, 6]</title><rect x="744.00" y="40.00" width="436.00" height="630.00" fill="hsl(137,60%,75%)" stroke="black" stroke-width="0.5"/>
// SVG: >lower bound 64</text>
// SVG: >total 64</text>
// SVG: </svg>

// JSON: {"function":"nested","scope":"scf.forall@1",{{.*}}"merged":true,"reason":null,"svg":"[[DIR]]/nested.scf.forall_1.svg"}
// JSON: {"function":"pair","scope":"@pair",{{.*}}"merged":true,"reason":null,"svg":"[[DIR]]/pair.svg"}
// JSON: {"function":"single","scope":"@single",{{.*}}"merged":false,"reason":"one buffer","svg":null}

func.func @pair(%f: f32, %i: index) -> f32 {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  %x = memref.load %a[%i] : memref<16xf32>
  %b = memref.alloc() : memref<16xf32>
  memref.store %x, %b[%i] : memref<16xf32>
  %y = memref.load %b[%i] : memref<16xf32>
  return %y : f32
}

func.func @single(%f: f32, %i: index) {
  %a = memref.alloc() : memref<16xf32>
  memref.store %f, %a[%i] : memref<16xf32>
  return
}

func.func @nested(%f: f32, %i: index, %n: index) {
  scf.forall (%k) in (%n) {
    %a = memref.alloc() : memref<16xf32>
    memref.store %f, %a[%i] : memref<16xf32>
    %x = memref.load %a[%i] : memref<16xf32>
    %b = memref.alloc() : memref<16xf32>
    memref.store %x, %b[%i] : memref<16xf32>
  }
  return
}
