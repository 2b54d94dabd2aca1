// A small convolutional network on one 10x10 grayscale image (NHWC):
// conv 3x3 with 4 filters, bias and ReLU, 2x2 max pooling, flatten and a
// dense layer to 10 classes. @main classifies three images and prints the
// sum of the logits and the arg-max class of each.

#img = affine_map<(n, h, w, c) -> (n, h, w, c)>
#chan = affine_map<(n, h, w, c) -> (c)>
#id2 = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d1)>

func.func @convnet(%image: tensor<1x10x10x1xf32>, %filters: tensor<3x3x1x4xf32>, %bias: tensor<4xf32>, %dense: tensor<64x10xf32>) -> tensor<1x10xf32> {
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %c_init = tensor.empty() : tensor<1x8x8x4xf32>
  %c_zero = linalg.fill ins(%zero : f32) outs(%c_init : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %conv = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
      ins(%image, %filters : tensor<1x10x10x1xf32>, tensor<3x3x1x4xf32>) outs(%c_zero : tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  %a_init = tensor.empty() : tensor<1x8x8x4xf32>
  %act = linalg.generic {indexing_maps = [#img, #chan, #img], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
      ins(%conv, %bias : tensor<1x8x8x4xf32>, tensor<4xf32>) outs(%a_init : tensor<1x8x8x4xf32>) {
  ^bb0(%v: f32, %b: f32, %o: f32):
    %s = arith.addf %v, %b : f32
    %r = arith.maximumf %s, %zero : f32
    linalg.yield %r : f32
  } -> tensor<1x8x8x4xf32>
  %window = tensor.empty() : tensor<2x2xf32>
  %p_init = tensor.empty() : tensor<1x4x4x4xf32>
  %p_fill = linalg.fill ins(%ninf : f32) outs(%p_init : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %pool = linalg.pooling_nhwc_max {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
      ins(%act, %window : tensor<1x8x8x4xf32>, tensor<2x2xf32>) outs(%p_fill : tensor<1x4x4x4xf32>) -> tensor<1x4x4x4xf32>
  %flat = tensor.collapse_shape %pool [[0], [1, 2, 3]] : tensor<1x4x4x4xf32> into tensor<1x64xf32>
  %d_init = tensor.empty() : tensor<1x10xf32>
  %d_zero = linalg.fill ins(%zero : f32) outs(%d_init : tensor<1x10xf32>) -> tensor<1x10xf32>
  %logits = linalg.matmul ins(%flat, %dense : tensor<1x64xf32>, tensor<64x10xf32>) outs(%d_zero : tensor<1x10xf32>) -> tensor<1x10xf32>
  return %logits : tensor<1x10xf32>
}

// Deterministic values of any 2-D shape: ((i * %mul + j * 3) mod 19) / 19 - %shift.
func.func @matrix(%rows: index, %cols: index, %mul: index, %shift: f32) -> tensor<?x?xf32> {
  %t = tensor.empty(%rows, %cols) : tensor<?x?xf32>
  %r = linalg.generic {indexing_maps = [#id2], iterator_types = ["parallel", "parallel"]}
      outs(%t : tensor<?x?xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %c3 = arith.constant 3 : index
    %c19 = arith.constant 19 : index
    %a = arith.muli %i, %mul : index
    %b = arith.muli %j, %c3 : index
    %ab = arith.addi %a, %b : index
    %m = arith.remui %ab, %c19 : index
    %mi = arith.index_cast %m : index to i32
    %mf = arith.sitofp %mi : i32 to f32
    %nineteen = arith.constant 19.0 : f32
    %d = arith.divf %mf, %nineteen : f32
    %v = arith.subf %d, %shift : f32
    linalg.yield %v : f32
  } -> tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func private @bufrs_print_f32(f32)
func.func private @bufrs_print_i64(i64)

// Prints the sum of the logits and the index of the largest.
func.func @report(%logits: tensor<1x10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %zero = arith.constant 0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %r:3 = scf.for %j = %c0 to %c10 step %c1 iter_args(%sum = %zero, %best = %ninf, %arg = %c0) -> (f32, f32, index) {
    %v = tensor.extract %logits[%c0, %j] : tensor<1x10xf32>
    %s = arith.addf %sum, %v : f32
    %gt = arith.cmpf ogt, %v, %best : f32
    %b = arith.select %gt, %v, %best : f32
    %a = arith.select %gt, %j, %arg : index
    scf.yield %s, %b, %a : f32, f32, index
  }
  call @bufrs_print_f32(%r#0) : (f32) -> ()
  %ai = arith.index_cast %r#2 : index to i64
  call @bufrs_print_i64(%ai) : (i64) -> ()
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %half = arith.constant 0.5 : f32
  %small = arith.constant 0.4 : f32
  %f0 = call @matrix(%c9, %c4, %c5, %half) : (index, index, index, f32) -> tensor<?x?xf32>
  %f1 = tensor.cast %f0 : tensor<?x?xf32> to tensor<9x4xf32>
  %filters = tensor.expand_shape %f1 [[0, 1, 2], [3]] output_shape [3, 3, 1, 4] : tensor<9x4xf32> into tensor<3x3x1x4xf32>
  %b0 = call @matrix(%c1, %c4, %c3, %small) : (index, index, index, f32) -> tensor<?x?xf32>
  %b1 = tensor.cast %b0 : tensor<?x?xf32> to tensor<1x4xf32>
  %bias = tensor.collapse_shape %b1 [[0, 1]] : tensor<1x4xf32> into tensor<4xf32>
  %d0 = call @matrix(%c64, %c10, %c9, %half) : (index, index, index, f32) -> tensor<?x?xf32>
  %dense = tensor.cast %d0 : tensor<?x?xf32> to tensor<64x10xf32>
  scf.for %k = %c0 to %c3 step %c1 {
    %mul = arith.addi %k, %c4 : index
    %i0 = func.call @matrix(%c10, %c10, %mul, %small) : (index, index, index, f32) -> tensor<?x?xf32>
    %i1 = tensor.cast %i0 : tensor<?x?xf32> to tensor<10x10xf32>
    %image = tensor.expand_shape %i1 [[0, 1], [2, 3]] output_shape [1, 10, 10, 1] : tensor<10x10xf32> into tensor<1x10x10x1xf32>
    %logits = func.call @convnet(%image, %filters, %bias, %dense) : (tensor<1x10x10x1xf32>, tensor<3x3x1x4xf32>, tensor<4xf32>, tensor<64x10xf32>) -> tensor<1x10xf32>
    func.call @report(%logits) : (tensor<1x10xf32>) -> ()
  }
  return
}
