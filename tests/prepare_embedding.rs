//! The preparation rewrite run from Rust with a compiler's own type
//! decomposition (seed 002, "Callbacks for Unpacking Types"): here
//! `complex<f32>` splits into its real and imaginary parts, packed with
//! `complex.create` and unpacked with `complex.re` / `complex.im`, through
//! the same `decompose_module` that `bufrs-decompose-tuples` runs for tuples;
//! and `results_to_out_params` with a compiler's own `ResultConversionKind`
//! per type ("BufferizeTypeConverter", `setResultConversionKind`).

use bufrs::{
    analysis::out_params::ResultConversionKind,
    ir::{edit, edit::InsertPoint, functions::op_name},
    new_context,
    passes::{
        buffer_results_to_out_params::{ResultConversion, results_to_out_params},
        decompose_tuples::{Decomposer, decompose_module},
    },
};
use melior::ir::{Module, operation::OperationLike};
use mlir_sys::{MlirLocation, MlirOperation, MlirType, MlirValue};

struct ComplexParts;

impl Decomposer for ComplexParts {
    fn decompose_type(&self, ty: MlirType) -> Option<Vec<MlirType>> {
        // SAFETY: live type.
        unsafe {
            mlir_sys::mlirTypeIsAComplex(ty).then(|| {
                let element = mlir_sys::mlirComplexTypeGetElementType(ty);
                vec![element, element]
            })
        }
    }

    unsafe fn pack(
        &self,
        ty: MlirType,
        elements: &[MlirValue],
        location: MlirLocation,
        at: InsertPoint,
    ) -> Option<MlirOperation> {
        // SAFETY: live handles (the caller's contract).
        Some(unsafe { edit::create_op("complex.create", location, elements, &[ty], &[], at) })
    }

    unsafe fn unpack(
        &self,
        value: MlirValue,
        index: usize,
        element: MlirType,
        location: MlirLocation,
        at: InsertPoint,
    ) -> Option<MlirOperation> {
        let name = ["complex.re", "complex.im"].get(index)?;
        // SAFETY: live handles (the caller's contract).
        Some(unsafe { edit::create_op(name, location, &[value], &[element], &[], at) })
    }

    fn packed_elements(&self, op: MlirOperation) -> Option<Vec<MlirValue>> {
        (op_name(op) == "complex.create").then(|| {
            // SAFETY: live op with two operands.
            unsafe {
                (0..2)
                    .map(|i| mlir_sys::mlirOperationGetOperand(op, i))
                    .collect()
            }
        })
    }

    fn unpacked(&self, op: MlirOperation) -> Option<(MlirValue, usize)> {
        let index = match op_name(op).as_str() {
            "complex.re" => 0,
            "complex.im" => 1,
            _ => return None,
        };
        // SAFETY: live op with one operand.
        Some((unsafe { mlir_sys::mlirOperationGetOperand(op, 0) }, index))
    }
}

const PROGRAM: &str = r#"
func.func private @conj(%z: complex<f32>) -> complex<f32> {
  %re = complex.re %z : complex<f32>
  %im = complex.im %z : complex<f32>
  %n = arith.negf %im : f32
  %r = complex.create %re, %n : complex<f32>
  return %r : complex<f32>
}
func.func @user(%z: complex<f32>) -> f32 {
  %c = func.call @conj(%z) : (complex<f32>) -> complex<f32>
  %i = complex.im %c : complex<f32>
  return %i : f32
}
"#;

#[test]
fn a_compiler_decomposes_its_own_type() {
    let context = new_context();
    let module = Module::parse(&context, PROGRAM).expect("the program parses");
    decompose_module(module.as_operation().to_raw(), &ComplexParts, false);
    assert!(module.as_operation().verify(), "the result verifies");
    let text = module.as_operation().to_string();
    let expected_conj = "  func.func private @conj(%arg0: f32, %arg1: f32) -> (f32, f32) {
    %0 = arith.negf %arg1 : f32
    return %arg0, %0 : f32, f32
  }";
    assert!(text.contains(expected_conj), "{text}");
    let expected_user = "  func.func @user(%arg0: complex<f32>) -> f32 {
    %0 = complex.re %arg0 : complex<f32>
    %1 = complex.im %arg0 : complex<f32>
    %2:2 = call @conj(%0, %1) : (f32, f32) -> (f32, f32)
    return %2#1 : f32
  }";
    assert!(text.contains(expected_user), "{text}");
}

/// A compiler's own `ResultConversionKind` per type pair: results of four
/// elements become out-params, others stay results.
struct SmallResultsOut;

impl ResultConversion for SmallResultsOut {
    fn convert(&self, _ty: MlirType) -> Option<MlirType> {
        None
    }

    fn result_kind(&self, _original: MlirType, converted: MlirType) -> ResultConversionKind {
        // SAFETY: live type.
        let small = unsafe {
            mlir_sys::mlirTypeIsAMemRef(converted)
                && mlir_sys::mlirShapedTypeGetDimSize(converted, 0) == 4
        };
        if small {
            ResultConversionKind::AppendToArgumentList
        } else {
            ResultConversionKind::KeepAsFunctionResult
        }
    }
}

const BUFFERS: &str = r#"
func.func private @two(%a: memref<4xf32>, %b: memref<8xf32>) -> (memref<4xf32>, memref<8xf32>) {
  return %a, %b : memref<4xf32>, memref<8xf32>
}
"#;

#[test]
fn a_compiler_chooses_the_result_conversion_kind_per_type() {
    let context = new_context();
    let module = Module::parse(&context, BUFFERS).expect("the program parses");
    results_to_out_params(module.as_operation(), &SmallResultsOut, &Default::default())
        .expect("the rewrite succeeds");
    assert!(module.as_operation().verify(), "the result verifies");
    let text = module.as_operation().to_string();
    let expected = "  func.func private @two(%arg0: memref<4xf32>, %arg1: memref<8xf32>, %arg2: memref<4xf32>) -> memref<8xf32> {
    memref.copy %arg0, %arg2 : memref<4xf32> to memref<4xf32>
    return %arg1 : memref<8xf32>
  }";
    assert!(text.contains(expected), "{text}");
}
