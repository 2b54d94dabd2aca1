// A 4-layer MLP (16 -> 16, ReLU) over a batch of 8, with a loop over the
// layers: each iteration takes its layer's weights and bias, multiplies,
// adds the bias and applies ReLU. @main builds deterministic inputs, runs
// the network and prints a checksum of the output.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>
#sum = affine_map<(d0, d1) -> ()>

func.func @mlp(%x: tensor<8x16xf32>, %w: tensor<4x16x16xf32>, %b: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %layers = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %out = scf.for %l = %c0 to %layers step %c1 iter_args(%act = %x) -> tensor<8x16xf32> {
    %wl = tensor.extract_slice %w[%l, 0, 0] [1, 16, 16] [1, 1, 1] : tensor<4x16x16xf32> to tensor<16x16xf32>
    %bl = tensor.extract_slice %b[%l, 0] [1, 16] [1, 1] : tensor<4x16xf32> to tensor<16xf32>
    %init = tensor.empty() : tensor<8x16xf32>
    %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<8x16xf32>) -> tensor<8x16xf32>
    %mm = linalg.matmul ins(%act, %wl : tensor<8x16xf32>, tensor<16x16xf32>) outs(%filled : tensor<8x16xf32>) -> tensor<8x16xf32>
    %relu_init = tensor.empty() : tensor<8x16xf32>
    %relu = linalg.generic {indexing_maps = [#id2, #row, #id2], iterator_types = ["parallel", "parallel"]}
        ins(%mm, %bl : tensor<8x16xf32>, tensor<16xf32>) outs(%relu_init : tensor<8x16xf32>) {
    ^bb0(%v: f32, %bias: f32, %o: f32):
      %s = arith.addf %v, %bias : f32
      %r = arith.maximumf %s, %zero : f32
      linalg.yield %r : f32
    } -> tensor<8x16xf32>
    scf.yield %relu : tensor<8x16xf32>
  }
  return %out : tensor<8x16xf32>
}

// Deterministic values in [-0.5, 0.5): ((i * 7 + j * 3 + k) mod 11) / 11 - 0.5.
func.func @weights() -> tensor<4x16x16xf32> {
  %t = tensor.empty() : tensor<4x16x16xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>], iterator_types = ["parallel", "parallel", "parallel"]}
      outs(%t : tensor<4x16x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %k = linalg.index 2 : index
    %c7 = arith.constant 7 : index
    %c3 = arith.constant 3 : index
    %c11 = arith.constant 11 : index
    %a = arith.muli %i, %c7 : index
    %b = arith.muli %j, %c3 : index
    %ab = arith.addi %a, %b : index
    %abk = arith.addi %ab, %k : index
    %m = arith.remui %abk, %c11 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %eleven = arith.constant 11.0 : f32
    %half = arith.constant 0.5 : f32
    %d = arith.divf %mf, %eleven : f32
    %v = arith.subf %d, %half : f32
    linalg.yield %v : f32
  } -> tensor<4x16x16xf32>
  return %r : tensor<4x16x16xf32>
}

// Deterministic values in [0, 1): ((i * 5 + j) mod 13) / 13, %rows rows.
func.func @rows(%rows: index) -> tensor<?x16xf32> {
  %t = tensor.empty(%rows) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c5 = arith.constant 5 : index
    %c13 = arith.constant 13 : index
    %a = arith.muli %i, %c5 : index
    %ab = arith.addi %a, %j : index
    %m = arith.remui %ab, %c13 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %thirteen = arith.constant 13.0 : f32
    %v = arith.divf %mf, %thirteen : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @checksum(%t: tensor<8x16xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id2, #sum], iterator_types = ["reduction", "reduction"]}
      ins(%t : tensor<8x16xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %v = tensor.extract %s[] : tensor<f32>
  return %v : f32
}

func.func private @bufrs_print_f32(f32)

func.func @main() {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %w = call @weights() : () -> tensor<4x16x16xf32>
  %bd = call @rows(%c4) : (index) -> tensor<?x16xf32>
  %b = tensor.cast %bd : tensor<?x16xf32> to tensor<4x16xf32>
  %xd = call @rows(%c8) : (index) -> tensor<?x16xf32>
  %x = tensor.cast %xd : tensor<?x16xf32> to tensor<8x16xf32>
  %y = call @mlp(%x, %w, %b) : (tensor<8x16xf32>, tensor<4x16x16xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %s = call @checksum(%y) : (tensor<8x16xf32>) -> f32
  call @bufrs_print_f32(%s) : (f32) -> ()
  return
}
