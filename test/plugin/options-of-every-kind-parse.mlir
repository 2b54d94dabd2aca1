// Options of every kind (bool, integer, string, integer list, string list)
// parse from pipeline syntax and reach the Rust pass with their values;
// omitted options keep their defaults. bufrs-test-options reports them.

// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-test-options))' -verify-diagnostics -split-input-file
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-test-options{flag=true count=-12 label=abc sizes=1,2,3 names=x,y}))' 2>&1 | FileCheck %s --check-prefix=SET
// RUN: %bufrs-opt %s --pass-pipeline='builtin.module(func.func(bufrs-test-options{flag count=0 label="with space"}))' 2>&1 | FileCheck %s --check-prefix=QUOTED

// SET: remark: flag=true count=-12 label=abc sizes=[1, 2, 3] names=["x", "y"]
// QUOTED: remark: flag=true count=0 label=with space sizes=[] names=[]

// expected-remark @below {{flag=false count=7 label=none sizes=[] names=[]}}
func.func @defaults() {
  return
}
