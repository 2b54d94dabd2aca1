//===- finalize_deallocation.cpp - candidates of finalization -------------===//
//
// One pre-order walk that hands bufrs-finalize-deallocation the only ops it
// may touch: the clones it lowers (by name) and the ops whose shape makes
// them possible dead views (no region, results all memrefs, or all i1 of an
// op without operands), whatever their uses now: erasing a view's users may
// leave it without any. The pass then checks uses and memory effects of
// those ops alone instead of walking every op of the body again per round.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

namespace {

/* Whether `op` has the shape of a dead view, its uses aside: no region, at
 * least one result, each result a memref (ranked or not) or, for an op
 * without operands, an i1. */
bool hasViewShape(Operation *op) {
  if (op->getNumRegions() != 0 || op->getNumResults() == 0)
    return false;
  bool constant = op->getNumOperands() == 0;
  return llvm::all_of(op->getResultTypes(), [&](Type type) {
    if (isa<BaseMemRefType>(type))
      return true;
    auto integer = dyn_cast<IntegerType>(type);
    return constant && integer && integer.getWidth() == 1;
  });
}

} // namespace

extern "C" bool bufrsShimFinalizeCandidates(MlirOperation root,
                                            MlirStringRef clone,
                                            BufrsOpFn foundClone,
                                            void *cloneData,
                                            BufrsOpFn foundView,
                                            void *viewData) {
  Operation *rootOp = unwrap(root);
  StringRef cloneName = unwrap(clone);
  // A registered name is told by its identity, an unregistered one by text.
  std::optional<RegisteredOperationName> registered =
      cloneName.empty()
          ? std::nullopt
          : RegisteredOperationName::lookup(cloneName, rootOp->getContext());
  auto isClone = [&](Operation *op) {
    if (cloneName.empty())
      return false;
    if (registered)
      return op->getName() == *registered;
    return op->getName().getStringRef() == cloneName;
  };
  bool anything = false;
  rootOp->walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == rootOp)
      return;
    if (isClone(op)) {
      foundClone(cloneData, wrap(op));
      anything = true;
    }
    if (hasViewShape(op)) {
      foundView(viewData, wrap(op));
      anything |= llvm::all_of(op->getResults(),
                               [](Value value) { return value.use_empty(); });
    }
  });
  return anything;
}

extern "C" MlirOperation bufrsShimFinalizePrevOp(MlirOperation op) {
  return wrap(unwrap(op)->getPrevNode());
}

extern "C" void bufrsShimFinalizeViewsBetween(MlirBlock block,
                                              MlirOperation after,
                                              MlirOperation until,
                                              BufrsOpFn foundView,
                                              void *viewData) {
  Block *b = unwrap(block);
  Block::iterator it = mlirOperationIsNull(after)
                           ? b->begin()
                           : std::next(Block::iterator(unwrap(after)));
  Block::iterator end =
      mlirOperationIsNull(until) ? b->end() : Block::iterator(unwrap(until));
  for (; it != end; ++it)
    it->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (hasViewShape(op))
        foundView(viewData, wrap(op));
    });
}

extern "C" MlirValue bufrsShimIndexConstant(int64_t value,
                                            MlirLocation location,
                                            MlirBlock block,
                                            MlirOperation before) {
  Location loc = unwrap(location);
  OpBuilder builder(loc.getContext());
  if (!mlirOperationIsNull(before))
    builder.setInsertionPoint(unwrap(before));
  else
    builder.setInsertionPointToEnd(unwrap(block));
  return wrap(arith::ConstantIndexOp::create(builder, loc, value).getResult());
}
