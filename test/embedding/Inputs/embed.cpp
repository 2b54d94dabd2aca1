// A minimal MLIR-based "compiler" that links libbufrs.so and runs its passes
// without mlir-opt: once through a textual pipeline after
// bufrsRegisterAllPasses, once through bufrsCreatePass with options, and
// once with bad options and once with a value the option does not allow
// (which must give an error, not a crash); then seed 002's preparation
// through bufrsPrepareFunctions.

#include "bufrs.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <string>

static const char *kModule = R"mlir(
func.func @small() -> f32 {
  %0 = memref.alloc() : memref<16xf32>
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  memref.store %f, %0[%c0] : memref<16xf32>
  %v = memref.load %0[%c0] : memref<16xf32>
  return %v : f32
}
)mlir";

static const char *kCalls = R"mlir(
func.func private @callee(%arg0: tensor<5xf32>) -> tensor<5xf32> {
  return %arg0 : tensor<5xf32>
}
func.func @caller(%arg0: tensor<5xf32>) -> f32 {
  %x = func.call @callee(%arg0) : (tensor<5xf32>) -> tensor<5xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %x[%c0] : tensor<5xf32>
  return %v : f32
}
)mlir";

static mlir::OwningOpRef<mlir::ModuleOp> parse(mlir::MLIRContext &context) {
  return mlir::parseSourceString<mlir::ModuleOp>(kModule, &context);
}

// mlirStringRefCreate is inline in mlir-c/Support.h; the C API library
// itself is not needed to use bufrs.h.
static MlirStringRef ref(const char *text) {
  return mlirStringRefCreate(text, std::strlen(text));
}

static void appendError(MlirStringRef message, void *userData) {
  static_cast<std::string *>(userData)->append(message.data, message.length);
}

int main() {
  mlir::DialectRegistry registry;
  registry.insert<mlir::arith::ArithDialect, mlir::bufferization::BufferizationDialect,
                  mlir::func::FuncDialect, mlir::memref::MemRefDialect,
                  mlir::tensor::TensorDialect>();
  bufrsRegisterInterfaceModels(wrap(&registry));
  mlir::MLIRContext context(registry);
  // Print every diagnostic (a bare context drops remarks and notes).
  context.getDiagEngine().registerHandler([](mlir::Diagnostic &diagnostic) {
    llvm::errs() << diagnostic << "\n";
    for (auto &note : diagnostic.getNotes())
      llvm::errs() << "  note: " << note << "\n";
    return mlir::success();
  });

  llvm::outs() << "passes:";
  for (intptr_t i = 0; i < bufrsGetNumPasses(); ++i) {
    MlirStringRef name = bufrsGetPassArgument(i);
    llvm::outs() << " " << llvm::StringRef(name.data, name.length);
  }
  llvm::outs() << "\n";

  // 1. By name in a textual pipeline.
  bufrsRegisterAllPasses();
  {
    auto module = parse(context);
    // MLIR 22's PassManager anchors on "any" unless told otherwise.
    mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
    if (mlir::failed(mlir::parsePassPipeline(
            "func.func(bufrs-promote-buffers-to-stack{emit-remarks})", pm))) {
      llvm::errs() << "pipeline did not parse\n";
      return 1;
    }
    llvm::outs() << "== textual pipeline: ";
    pm.printAsTextualPipeline(llvm::outs());
    llvm::outs() << "\n";
    if (mlir::failed(pm.run(*module)))
      return 1;
    llvm::outs() << *module << "\n";
  }

  // 2. Created with options: a 16-byte limit keeps the 64-byte buffer on the heap.
  {
    auto module = parse(context);
    std::string error;
    MlirPass pass = bufrsCreatePass(
        ref("bufrs-promote-buffers-to-stack"),
        ref("max-alloc-size-in-bytes=16"), appendError, &error);
    if (pass.ptr == nullptr) {
      llvm::errs() << "create failed: " << error << "\n";
      return 1;
    }
    mlir::PassManager pm(&context, mlir::ModuleOp::getOperationName());
    pm.nest<mlir::func::FuncOp>().addPass(std::unique_ptr<mlir::Pass>(unwrap(pass)));
    if (mlir::failed(pm.run(*module)))
      return 1;
    llvm::outs() << "== created with options\n" << *module << "\n";
  }

  // 3. Bad options and unknown names are errors.
  {
    std::string error;
    MlirPass pass = bufrsCreatePass(
        ref("bufrs-promote-buffers-to-stack"),
        ref("max-alloc-size-in-bytes=many"), appendError, &error);
    llvm::outs() << "== bad options: null=" << (pass.ptr == nullptr) << " error=" << error << "\n";
    error.clear();
    pass = bufrsCreatePass(ref("bufrs-merge-alloc"), ref("alignment=3"),
                           appendError, &error);
    llvm::outs() << "== disallowed value: null=" << (pass.ptr == nullptr) << " error=" << error << "\n";
    error.clear();
    pass = bufrsCreatePass(ref("bufrs-nope"),
                           ref(""), appendError, &error);
    llvm::outs() << "== unknown: null=" << (pass.ptr == nullptr) << " error=" << error << "\n";
  }

  // 4. Seed 002's preparation with the default converter, without a pass
  // manager: the callee's tensor result becomes an out-param.
  {
    auto module = mlir::parseSourceString<mlir::ModuleOp>(kCalls, &context);
    bool ok = bufrsPrepareFunctions(wrap(module->getOperation()));
    llvm::outs() << "== prepared: ok=" << ok << "\n" << *module << "\n";
  }
  return 0;
}
