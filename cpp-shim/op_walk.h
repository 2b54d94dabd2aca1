//===- op_walk.h - plain pre-order loop over nested ops ---------*- C++ -*-===//
//
// The pre-capture walks of the smaller passes (copy removal, read-only
// copies, finalization, reuse of dying inputs, the walks by name) run on
// every function of the memory pipeline, and most ops they meet are none
// they look for: the loop costs a few loads per op. MLIR's generic walk
// calls through a function_ref per op, and dereferencing a block iterator
// calls out of line (MLIR keeps that accessor out of its headers): the op
// is the iterator's node, whose class derives from it.
//
//===----------------------------------------------------------------------===//

#ifndef BUFRS_OP_WALK_H
#define BUFRS_OP_WALK_H

#include "mlir/IR/Operation.h"

namespace bufrs {

/* The op at `it` (what `&*it` gives, without its out-of-line call). */
inline mlir::Operation *opAt(mlir::Block::iterator it) {
  return static_cast<mlir::Operation *>(it.getNodePtr());
}

/* Whether `pred` holds for an op nested in `root` (not `root` itself), in
 * pre-order (an op before the ops nested in it, regions, blocks and ops in
 * order); stops at the first. */
template <typename Pred>
bool anyNestedOp(mlir::Operation *root, Pred &pred) {
  for (mlir::Region &region : root->getRegions())
    for (mlir::Block &block : region)
      for (auto it = block.begin(), end = block.end(); it != end; ++it) {
        mlir::Operation *op = opAt(it);
        if (pred(op))
          return true;
        if (op->getNumRegions() != 0 && anyNestedOp(op, pred))
          return true;
      }
  return false;
}

} // namespace bufrs

#endif // BUFRS_OP_WALK_H
