// One self-attention block with a dynamic sequence length: Q, K and V
// projections of the input (n x 16), scores Q K^T / 4, a row softmax (max,
// exp, sum, divide), the weighted sum of V and a residual connection.
// @main runs it on sequences of 5 and 12 tokens and prints a checksum of
// each output.

#id2 = affine_map<(d0, d1) -> (d0, d1)>
#col = affine_map<(d0, d1) -> (d0)>
#qk_q = affine_map<(i, j, d) -> (i, d)>
#qk_k = affine_map<(i, j, d) -> (j, d)>
#qk_s = affine_map<(i, j, d) -> (i, j)>
#sum = affine_map<(d0, d1) -> ()>

func.func @project(%x: tensor<?x16xf32>, %w: tensor<16x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %init = tensor.empty(%n) : tensor<?x16xf32>
  %filled = linalg.fill ins(%zero : f32) outs(%init : tensor<?x16xf32>) -> tensor<?x16xf32>
  %r = linalg.matmul ins(%x, %w : tensor<?x16xf32>, tensor<16x16xf32>) outs(%filled : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @attention(%x: tensor<?x16xf32>, %wq: tensor<16x16xf32>, %wk: tensor<16x16xf32>, %wv: tensor<16x16xf32>) -> tensor<?x16xf32> {
  %c0 = arith.constant 0 : index
  %zero = arith.constant 0.0 : f32
  %scale = arith.constant 0.25 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %n = tensor.dim %x, %c0 : tensor<?x16xf32>
  %q = call @project(%x, %wq) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %k = call @project(%x, %wk) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %v = call @project(%x, %wv) : (tensor<?x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  // scores[i, j] = sum_d q[i, d] * k[j, d] / 4
  %s_init = tensor.empty(%n, %n) : tensor<?x?xf32>
  %s_zero = linalg.fill ins(%zero : f32) outs(%s_init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %s_raw = linalg.generic {indexing_maps = [#qk_q, #qk_k, #qk_s], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%q, %k : tensor<?x16xf32>, tensor<?x16xf32>) outs(%s_zero : tensor<?x?xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %r = arith.addf %acc, %p : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %s_init2 = tensor.empty(%n, %n) : tensor<?x?xf32>
  %scores = linalg.generic {indexing_maps = [#id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%s_raw : tensor<?x?xf32>) outs(%s_init2 : tensor<?x?xf32>) {
  ^bb0(%a: f32, %o: f32):
    %r = arith.mulf %a, %scale : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  // softmax over each row
  %m_init = tensor.empty(%n) : tensor<?xf32>
  %m_fill = linalg.fill ins(%ninf : f32) outs(%m_init : tensor<?xf32>) -> tensor<?xf32>
  %max = linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["parallel", "reduction"]}
      ins(%scores : tensor<?x?xf32>) outs(%m_fill : tensor<?xf32>) {
  ^bb0(%a: f32, %m: f32):
    %r = arith.maximumf %a, %m : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %e_init = tensor.empty(%n, %n) : tensor<?x?xf32>
  %e = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%scores, %max : tensor<?x?xf32>, tensor<?xf32>) outs(%e_init : tensor<?x?xf32>) {
  ^bb0(%a: f32, %m: f32, %o: f32):
    %d = arith.subf %a, %m : f32
    %r = math.exp %d : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  %z_init = tensor.empty(%n) : tensor<?xf32>
  %z_fill = linalg.fill ins(%zero : f32) outs(%z_init : tensor<?xf32>) -> tensor<?xf32>
  %z = linalg.generic {indexing_maps = [#id2, #col], iterator_types = ["parallel", "reduction"]}
      ins(%e : tensor<?x?xf32>) outs(%z_fill : tensor<?xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %r = arith.addf %a, %acc : f32
    linalg.yield %r : f32
  } -> tensor<?xf32>
  %p_init = tensor.empty(%n, %n) : tensor<?x?xf32>
  %probs = linalg.generic {indexing_maps = [#id2, #col, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%e, %z : tensor<?x?xf32>, tensor<?xf32>) outs(%p_init : tensor<?x?xf32>) {
  ^bb0(%a: f32, %s: f32, %o: f32):
    %r = arith.divf %a, %s : f32
    linalg.yield %r : f32
  } -> tensor<?x?xf32>
  // out = probs V + x
  %o_init = tensor.empty(%n) : tensor<?x16xf32>
  %o_zero = linalg.fill ins(%zero : f32) outs(%o_init : tensor<?x16xf32>) -> tensor<?x16xf32>
  %att = linalg.matmul ins(%probs, %v : tensor<?x?xf32>, tensor<?x16xf32>) outs(%o_zero : tensor<?x16xf32>) -> tensor<?x16xf32>
  %r_init = tensor.empty(%n) : tensor<?x16xf32>
  %out = linalg.generic {indexing_maps = [#id2, #id2, #id2], iterator_types = ["parallel", "parallel"]}
      ins(%att, %x : tensor<?x16xf32>, tensor<?x16xf32>) outs(%r_init : tensor<?x16xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %r = arith.addf %a, %b : f32
    linalg.yield %r : f32
  } -> tensor<?x16xf32>
  return %out : tensor<?x16xf32>
}

// Deterministic values: ((i * %mul + j) mod 17) / 17 - %shift.
func.func @matrix(%rows: index, %mul: index, %shift: f32) -> tensor<?x16xf32> {
  %t = tensor.empty(%rows) : tensor<?x16xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x16xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c17 = arith.constant 17 : index
    %a = arith.muli %i, %mul : index
    %ab = arith.addi %a, %j : index
    %m = arith.remui %ab, %c17 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %seventeen = arith.constant 17.0 : f32
    %d = arith.divf %mf, %seventeen : f32
    %v = arith.subf %d, %shift : f32
    linalg.yield %v : f32
  } -> tensor<?x16xf32>
  return %r : tensor<?x16xf32>
}

func.func @checksum(%t: tensor<?x16xf32>) -> f32 {
  %zero = arith.constant 0.0 : f32
  %init = tensor.empty() : tensor<f32>
  %acc = linalg.fill ins(%zero : f32) outs(%init : tensor<f32>) -> tensor<f32>
  %s = linalg.generic {indexing_maps = [#id2, #sum], iterator_types = ["reduction", "reduction"]}
      ins(%t : tensor<?x16xf32>) outs(%acc : tensor<f32>) {
  ^bb0(%v: f32, %a: f32):
    %r = arith.addf %v, %a : f32
    linalg.yield %r : f32
  } -> tensor<f32>
  %v = tensor.extract %s[] : tensor<f32>
  return %v : f32
}

func.func private @bufrs_print_f32(f32)

func.func @run_block(%n: index) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %c7 = arith.constant 7 : index
  %c11 = arith.constant 11 : index
  %c16 = arith.constant 16 : index
  %half = arith.constant 0.5 : f32
  %quarter = arith.constant 0.25 : f32
  %x = call @matrix(%n, %c3, %quarter) : (index, index, f32) -> tensor<?x16xf32>
  %wq0 = call @matrix(%c16, %c5, %half) : (index, index, f32) -> tensor<?x16xf32>
  %wk0 = call @matrix(%c16, %c7, %half) : (index, index, f32) -> tensor<?x16xf32>
  %wv0 = call @matrix(%c16, %c11, %half) : (index, index, f32) -> tensor<?x16xf32>
  %wq = tensor.cast %wq0 : tensor<?x16xf32> to tensor<16x16xf32>
  %wk = tensor.cast %wk0 : tensor<?x16xf32> to tensor<16x16xf32>
  %wv = tensor.cast %wv0 : tensor<?x16xf32> to tensor<16x16xf32>
  %y = call @attention(%x, %wq, %wk, %wv) : (tensor<?x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<?x16xf32>
  %s = call @checksum(%y) : (tensor<?x16xf32>) -> f32
  call @bufrs_print_f32(%s) : (f32) -> ()
  return
}

func.func @main() {
  %c5 = arith.constant 5 : index
  %c12 = arith.constant 12 : index
  call @run_block(%c5) : (index) -> ()
  call @run_block(%c12) : (index) -> ()
  return
}
