//===- write_into_destination.cpp - pre-capture walk of the pass ----------===//
//
// Tells bufrs-write-into-destination whether a body may hold a copy it
// removes before anything is captured: a copy (by name, into its operand
// 1) of the result of an op of its block before it into the result of a
// view (ViewLikeOpInterface) of the result of another op of that block
// without operands. A superset of where the pass fires: the pass decides
// on a snapshot as before, only of bodies this finds such a copy in.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "op_walk.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace {

/* Whether the copy `copy` (source operand 0, slice operand 1) may be one
 * the pass removes, as far as the ops defining its operands tell. */
bool mayWriteInto(Operation *copy) {
  if (copy->getNumOperands() != 2)
    return false;
  Value part = copy->getOperand(0), slice = copy->getOperand(1);
  if (part == slice)
    return false;
  Block *block = copy->getBlock();
  Operation *alloc = part.getDefiningOp();
  if (!alloc || alloc->getBlock() != block || !alloc->isBeforeInBlock(copy))
    return false;
  Operation *view = slice.getDefiningOp();
  auto viewLike = dyn_cast_or_null<ViewLikeOpInterface>(view);
  if (!viewLike)
    return false;
  Operation *destination = viewLike.getViewSource().getDefiningOp();
  return destination && destination != alloc &&
         destination->getBlock() == block &&
         destination->getNumOperands() == 0;
}

} // namespace

extern "C" bool bufrsShimMayWriteIntoDestination(MlirOperation root,
                                                 const MlirStringRef *copies,
                                                 intptr_t count) {
  Operation *rootOp = unwrap(root);
  MLIRContext *context = rootOp->getContext();
  bufrs::OpNames copyNames(context, copies, count);
  auto isCopy = [&](Operation *op) { return copyNames.contains(op); };
  auto candidate = [&](Operation *op) {
    return isCopy(op) && mayWriteInto(op);
  };
  return bufrs::anyNestedOp(rootOp, candidate);
}
