//===- opt_prechecks.cpp - pre-capture walks of the optimization passes ---===//
//
// The walks bufrs-copy-removal, bufrs-buffer-loop-hoisting and
// bufrs-promote-buffers-to-stack make before they capture anything, to leave a body where they have nothing to do.
// Each is a plain loop over the nested ops (MLIR's generic walk costs more
// per op than these tests) that asks interfaces only of the ops it stops
// at, and answers exactly what the pass's rule asks of the body.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace {

/* Whether `pred` holds for `root` or an op nested in it; stops at the
 * first. */
template <typename Pred>
bool anyOpIn(Operation *root, Pred &pred) {
  if (pred(root))
    return true;
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        if (op.getNumRegions() == 0 ? pred(&op) : anyOpIn(&op, pred))
          return true;
  return false;
}

/* Registered names compare by identity (one lookup each per walk); a name
 * no dialect registers can only be that of an unregistered op, compared as
 * text. */
struct OpNames {
  SmallVector<OperationName, 4> registered;
  SmallVector<StringRef, 4> unregistered;

  OpNames(MLIRContext *context, const MlirStringRef *names, intptr_t count) {
    for (intptr_t i = 0; i < count; ++i) {
      StringRef name = unwrap(names[i]);
      if (auto found = RegisteredOperationName::lookup(name, context))
        registered.push_back(*found);
      else
        unregistered.push_back(name);
    }
  }

  bool empty() const { return registered.empty() && unregistered.empty(); }

  bool contains(Operation *op) const {
    OperationName name = op->getName();
    return name.isRegistered()
               ? llvm::is_contained(registered, name)
               : llvm::is_contained(unregistered, name.getStringRef());
  }
};

/* Whether `op` declares a MemoryEffects::Allocate effect. */
bool declaresAllocation(Operation *op) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Allocate>(e.getEffect());
  });
}

/* Whether `user` declares a MemoryEffects::Free effect on `value`. */
bool declaresFreeOf(Operation *user, Value value) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(user);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [&](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Free>(e.getEffect()) && e.getValue() == value;
  });
}

/* Whether copy removal may remove the copy `op` (operand 0 its source; a
 * new buffer, its result 0, when `newBuffer`): see
 * bufrsShimOptMayRemoveCopy. */
bool mayRemoveCopy(Operation *op, bool newBuffer) {
  if (op->getNumOperands() == 0)
    return false;
  Block *block = op->getBlock();
  // A free of the source after the copy in its block.
  Value source = op->getOperand(0);
  for (Operation *user : source.getUsers())
    if (user != op && user->getBlock() == block && op->isBeforeInBlock(user) &&
        declaresFreeOf(user, source))
      return true;
  // Or a source defined in the copy's block whose every user lies there
  // before the copy (the copy is its last use).
  Operation *def = source.getDefiningOp();
  if (!newBuffer && def && def->getBlock() == block &&
      llvm::all_of(source.getUsers(), [&](Operation *user) {
        Operation *at = block->findAncestorOpInBlock(*user);
        return at && (at == op || at->isBeforeInBlock(op));
      }))
    return true;
  if (!newBuffer)
    return false;
  // A new buffer in a region whose op is followed in its block by a free
  // of the source (a branch that may hand the source over).
  Operation *parent = op->getParentOp();
  if (parent && parent->getBlock())
    for (Operation *user : source.getUsers())
      if (user->getBlock() == parent->getBlock() &&
          parent->isBeforeInBlock(user) && declaresFreeOf(user, source))
        return true;
  // A new buffer used by nothing but frees of it.
  if (op->getNumResults() >= 1) {
    Value copy = op->getResult(0);
    if (llvm::all_of(copy.getUsers(), [&](Operation *user) {
          return declaresFreeOf(user, copy);
        }))
      return true;
  }
  return false;
}

} // namespace

extern "C" bool bufrsShimOptMayRemoveCopy(MlirOperation rootHandle,
                                          const MlirStringRef *intoOperand,
                                          intptr_t intoOperandCount,
                                          const MlirStringRef *intoNewBuffer,
                                          intptr_t intoNewBufferCount) {
  Operation *root = unwrap(rootHandle);
  OpNames operandCopies(root->getContext(), intoOperand, intoOperandCount);
  OpNames newBufferCopies(root->getContext(), intoNewBuffer,
                          intoNewBufferCount);
  if (operandCopies.empty() && newBufferCopies.empty())
    return false;
  auto candidate = [&](Operation *op) {
    bool newBuffer = newBufferCopies.contains(op);
    return (newBuffer || operandCopies.contains(op)) &&
           mayRemoveCopy(op, newBuffer);
  };
  if (!anyOpIn(root, candidate))
    return false;
  auto allocates = [](Operation *op) { return declaresAllocation(op); };
  return anyOpIn(root, allocates);
}

extern "C" bool bufrsShimOptHasAllocation(MlirOperation rootHandle,
                                          bool offTopBlock) {
  Operation *root = unwrap(rootHandle);
  if (!offTopBlock) {
    auto allocates = [](Operation *op) { return declaresAllocation(op); };
    return anyOpIn(root, allocates);
  }
  // Ops directly in a single-block region of `root` are skipped, their
  // nested ops are not.
  auto nestedAllocates = [](Operation *op) { return declaresAllocation(op); };
  for (Region &region : root->getRegions()) {
    bool top = region.hasOneBlock();
    for (Block &block : region)
      for (Operation &op : block) {
        if (!top && declaresAllocation(&op))
          return true;
        for (Region &nested : op.getRegions())
          for (Block &nestedBlock : nested)
            for (Operation &inner : nestedBlock)
              if (anyOpIn(&inner, nestedAllocates))
                return true;
      }
  }
  return false;
}
