// Tensor values through scf.if and scf.while: a vector is damped until its
// squared norm drops below a limit (at most 40 rounds); even rounds halve it,
// odd rounds scale it by 0.75 and subtract 0.01, each round in a new tensor.
// Vectors whose first element is negative are flipped first. @main runs it
// on four vectors and prints the rounds taken and the final norm.

#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>

func.func @norm2(%v: tensor<64xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id, #all], iterator_types = ["reduction"]}
      ins(%v : tensor<64xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%x: f32, %a: f32):
    %sq = arith.mulf %x, %x : f32
    %r = arith.addf %sq, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %r = tensor.extract %s[] : tensor<f32>
  return %r : f32
}

func.func @scale(%v: tensor<64xf32>, %mul: f32, %sub: f32) -> tensor<64xf32> {
  %init = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%v : tensor<64xf32>) outs(%init : tensor<64xf32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %x, %mul : f32
    %s = arith.subf %m, %sub : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

func.func @damp(%start: tensor<64xf32>, %limit: f32) -> (tensor<64xf32>, i64) {
  %c0 = arith.constant 0 : index
  %zero_f = arith.constant 0.0 : f32
  %minus_one = arith.constant -1.0 : f32
  %half = arith.constant 0.5 : f32
  %three_quarters = arith.constant 0.75 : f32
  %hundredth = arith.constant 0.01 : f32
  %zero = arith.constant 0 : i64
  %one = arith.constant 1 : i64
  %two = arith.constant 2 : i64
  %max_rounds = arith.constant 40 : i64
  %first = tensor.extract %start[%c0] : tensor<64xf32>
  %negative = arith.cmpf olt, %first, %zero_f : f32
  %x = scf.if %negative -> tensor<64xf32> {
    %flipped = func.call @scale(%start, %minus_one, %zero_f) : (tensor<64xf32>, f32, f32) -> tensor<64xf32>
    scf.yield %flipped : tensor<64xf32>
  } else {
    scf.yield %start : tensor<64xf32>
  }
  %r:2 = scf.while (%v = %x, %round = %zero) : (tensor<64xf32>, i64) -> (tensor<64xf32>, i64) {
    %n = func.call @norm2(%v) : (tensor<64xf32>) -> f32
    %big = arith.cmpf ogt, %n, %limit : f32
    %more = arith.cmpi slt, %round, %max_rounds : i64
    %go = arith.andi %big, %more : i1
    scf.condition(%go) %v, %round : tensor<64xf32>, i64
  } do {
  ^bb0(%v: tensor<64xf32>, %round: i64):
    %parity = arith.remui %round, %two : i64
    %even = arith.cmpi eq, %parity, %zero : i64
    %next = scf.if %even -> tensor<64xf32> {
      %h = func.call @scale(%v, %half, %zero_f) : (tensor<64xf32>, f32, f32) -> tensor<64xf32>
      scf.yield %h : tensor<64xf32>
    } else {
      %t = func.call @scale(%v, %three_quarters, %hundredth) : (tensor<64xf32>, f32, f32) -> tensor<64xf32>
      scf.yield %t : tensor<64xf32>
    }
    %round1 = arith.addi %round, %one : i64
    scf.yield %next, %round1 : tensor<64xf32>, i64
  }
  return %r#0, %r#1 : tensor<64xf32>, i64
}

// Deterministic vector: ((i * %mul) mod 23) - 11 + %offset.
func.func @vector(%mul: index, %offset: f32) -> tensor<64xf32> {
  %t = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [#id], iterator_types = ["parallel"]}
      outs(%t : tensor<64xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %c23 = arith.constant 23 : index
    %a = arith.muli %i, %mul : index
    %m = arith.remui %a, %c23 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %eleven = arith.constant 11.0 : f32
    %d = arith.subf %mf, %eleven : f32
    %v = arith.addf %d, %offset : f32
    linalg.yield %v : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}

func.func private @bufrs_print_f32(f32)
func.func private @bufrs_print_i64(i64)

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %limit = arith.constant 0.5 : f32
  %offset = arith.constant -0.5 : f32
  scf.for %k = %c0 to %c4 step %c1 {
    %mul = arith.addi %k, %c2 : index
    %v = func.call @vector(%mul, %offset) : (index, f32) -> tensor<64xf32>
    %r:2 = func.call @damp(%v, %limit) : (tensor<64xf32>, f32) -> (tensor<64xf32>, i64)
    %n = func.call @norm2(%r#0) : (tensor<64xf32>) -> f32
    func.call @bufrs_print_i64(%r#1) : (i64) -> ()
    func.call @bufrs_print_f32(%n) : (f32) -> ()
  }
  return
}
