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
#include "op_walk.h"

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
  unsigned results = op->getNumResults();
  if (op->getNumRegions() != 0 || results == 0)
    return false;
  bool constant = op->getNumOperands() == 0;
  for (unsigned i = 0; i < results; ++i) {
    Type type = op->getResult(i).getType();
    // BaseMemRefType's two kinds, asked inline.
    if (isa<MemRefType, UnrankedMemRefType>(type))
      continue;
    if (!constant)
      return false;
    auto integer = dyn_cast<IntegerType>(type);
    if (!integer || integer.getWidth() != 1)
      return false;
  }
  return true;
}

} // namespace

namespace {

/* The clones and the view-shaped ops nested in one body, in pre-order,
 * gathered by a plain loop (op_walk.h). */
struct Candidates {
  const void *clone;
  bool wantClones;
  SmallVector<Operation *, 8> clones;
  SmallVector<Operation *, 32> views;
  bool anything = false;

  Candidates(std::optional<RegisteredOperationName> registered,
             StringRef cloneName)
      : clone(registered ? registered->getAsOpaquePointer() : nullptr),
        wantClones(!cloneName.empty()), cloneText(cloneName),
        byText(!cloneName.empty() && !registered) {}

  bool isClone(Operation *op) const {
    if (!wantClones)
      return false;
    if (!byText)
      return op->getName().getAsOpaquePointer() == clone;
    return op->getName().getStringRef() == cloneText;
  }

  void visit(Operation *op) {
    if (isClone(op)) {
      clones.push_back(op);
      anything = true;
    }
    if (hasViewShape(op)) {
      views.push_back(op);
      anything |= llvm::all_of(op->getResults(),
                               [](Value value) { return value.use_empty(); });
    }
  }

  void visitNested(Operation *op) {
    auto each = [&](Operation *nested) {
      visit(nested);
      return false;
    };
    (void)bufrs::anyNestedOp(op, each);
  }

private:
  StringRef cloneText;
  bool byText;
};

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
  Candidates found(registered, cloneName);
  found.visitNested(rootOp);
  // The lists go to the caller only when it has something to do.
  if (!found.anything)
    return false;
  for (Operation *op : found.clones)
    foundClone(cloneData, wrap(op));
  for (Operation *op : found.views)
    foundView(viewData, wrap(op));
  return true;
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
