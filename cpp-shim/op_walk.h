//===- op_walk.h - plain pre-order loop and op-name sets -------*- C++ -*-===//
//
// The pre-capture walks of the smaller passes (copy removal, read-only
// copies, finalization, reuse of dying inputs, the walks by name) run on
// every function of the memory pipeline, and most ops they meet are none
// they look for: the loop costs a few loads per op. MLIR's generic walk
// calls through a function_ref per op, and dereferencing a block iterator
// calls out of line (MLIR keeps that accessor out of its headers): the op
// is the iterator's node, whose class derives from it.
// The walks by name (these and the capture's) share one set of op names.
//
//===----------------------------------------------------------------------===//

#ifndef BUFRS_OP_WALK_H
#define BUFRS_OP_WALK_H

#include "mlir/CAPI/Support.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

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

/* Op names the walks look for: a registered name compared by identity (one
 * lookup per walk), a name no dialect registers by text, and only for an op
 * whose name no dialect registers (it can be no registered one). */
struct OpNames {
  llvm::SmallVector<mlir::OperationName, 4> registered;
  llvm::SmallVector<llvm::StringRef, 4> unregistered;

  OpNames(mlir::MLIRContext *context, const MlirStringRef *names,
          intptr_t count) {
    for (intptr_t i = 0; i < count; ++i) {
      llvm::StringRef name = unwrap(names[i]);
      if (auto found = mlir::RegisteredOperationName::lookup(name, context))
        registered.push_back(*found);
      else
        unregistered.push_back(name);
    }
  }

  bool empty() const { return registered.empty() && unregistered.empty(); }

  bool contains(mlir::Operation *op) const {
    mlir::OperationName name = op->getName();
    for (mlir::OperationName r : registered)
      if (r == name)
        return true;
    return !unregistered.empty() && !name.isRegistered() &&
           llvm::is_contained(unregistered, name.getStringRef());
  }
};

} // namespace bufrs

#endif // BUFRS_OP_WALK_H
