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

/* An operation state for `OpT`, its name found by type id (a hash of the
 * context's registered ops) rather than by spelling (a string map lookup
 * per op built). */
template <typename OpT>
OperationState stateFor(MLIRContext *context, Location loc) {
  if (std::optional<RegisteredOperationName> name =
          RegisteredOperationName::lookup(TypeID::get<OpT>(), context))
    return OperationState(loc, *name);
  return OperationState(loc, OpT::getOperationName());
}

/* `memref.dealloc %value` at the builder's insertion point (what
 * memref::DeallocOp::create builds). */
Operation *buildDealloc(OpBuilder &builder, Location loc, Value value) {
  OperationState state = stateFor<memref::DeallocOp>(builder.getContext(), loc);
  memref::DeallocOp::build(builder, state, value);
  return builder.create(state);
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
    OperationState state = stateFor<scf::IfOp>(builder.getContext(), loc);
    scf::IfOp::build(builder, state, unwrap(flag), /*withElseRegion=*/false);
    auto ifOp = cast<scf::IfOp>(builder.create(state));
    builder.setInsertionPointToStart(&ifOp.getThenRegion().front());
    buildDealloc(builder, loc, value);
    return wrap(ifOp.getOperation());
  }
  if (Operation *def = value.getDefiningOp())
    if (auto alloc = dyn_cast<bufferization::AllocationOpInterface>(def))
      if (std::optional<Operation *> dealloc = alloc.buildDealloc(builder, value))
        if (*dealloc)
          return wrap(*dealloc);
  return wrap(buildDealloc(builder, loc, value));
}

extern "C" MlirValue bufrsShimOwnershipFlagConstant(bool value,
                                                    MlirLocation location,
                                                    MlirBlock block,
                                                    MlirOperation before) {
  Location loc = unwrap(location);
  OpBuilder builder = builderAt(loc.getContext(), block, before);
  OperationState state = stateFor<arith::ConstantOp>(builder.getContext(), loc);
  arith::ConstantOp::build(builder, state, builder.getBoolAttr(value));
  return wrap(builder.create(state)->getResult(0));
}
