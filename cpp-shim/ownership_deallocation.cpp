//===- ownership_deallocation.cpp - ops the ownership pass builds ---------===//
//
// The ops bufrs-ownership-based-buffer-deallocation places most often,
// built with MLIR's typed builders: a free (through the buffer's
// AllocationOpInterface where its defining op has one, else memref.dealloc),
// a free guarded by an ownership flag (scf.if %flag { memref.dealloc }), and
// an i1 constant flag. They are the ops the C API's generic creation gives
// (same names, operands, attributes, regions and locations), without
// looking up each op's name and attributes by string per op.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/AllocationOpInterface.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

namespace {

/* A builder before `before`, or at the end of `block` when `before` is
 * null. */
OpBuilder builderAt(MLIRContext *context, MlirBlock block,
                    MlirOperation before) {
  OpBuilder builder(context);
  if (!mlirOperationIsNull(before))
    builder.setInsertionPoint(unwrap(before));
  else
    builder.setInsertionPointToEnd(unwrap(block));
  return builder;
}

} // namespace

extern "C" MlirOperation bufrsShimOwnershipFree(MlirValue buffer,
                                                MlirValue flag,
                                                MlirLocation location,
                                                MlirBlock block,
                                                MlirOperation before) {
  Value value = unwrap(buffer);
  Location loc = unwrap(location);
  OpBuilder builder = builderAt(value.getContext(), block, before);
  if (!mlirValueIsNull(flag)) {
    auto ifOp = scf::IfOp::create(builder, loc, unwrap(flag),
                                  /*withElseRegion=*/false);
    builder.setInsertionPointToStart(&ifOp.getThenRegion().front());
    memref::DeallocOp::create(builder, loc, value);
    return wrap(ifOp.getOperation());
  }
  if (Operation *def = value.getDefiningOp())
    if (auto alloc = dyn_cast<bufferization::AllocationOpInterface>(def))
      if (std::optional<Operation *> dealloc = alloc.buildDealloc(builder, value))
        if (*dealloc)
          return wrap(*dealloc);
  return wrap(memref::DeallocOp::create(builder, loc, value).getOperation());
}

extern "C" MlirValue bufrsShimOwnershipFlagConstant(bool value,
                                                    MlirLocation location,
                                                    MlirBlock block,
                                                    MlirOperation before) {
  Location loc = unwrap(location);
  OpBuilder builder = builderAt(loc.getContext(), block, before);
  return wrap(
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(value))
          .getResult());
}
