//===- copy_candidates.cpp - pre-capture walks of the optimization passes -===//
//
// Walks that tell bufrs-remove-read-only-copies, bufrs-copy-removal,
// bufrs-buffer-loop-hoisting and bufrs-promote-buffers-to-stack where they
// may fire before anything is captured: each looks for the ops its rewrites
// start from (a copy, a memref.dim, an allocation) by name or effect, and
// asks interfaces only of those ops and the values around them. Each
// answers a superset of where the pass fires: the pass decides on a
// snapshot as before, only of less IR, or of none.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "op_walk.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace {

/* Whether `op` declares a MemoryEffects effect of kind `Kind` on `value`. */
template <typename Kind>
bool declares(Operation *op, Value value) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  iface.getEffects(effects);
  return llvm::any_of(effects, [&](const MemoryEffects::EffectInstance &e) {
    return isa<Kind>(e.getEffect()) && e.getValue() == value;
  });
}

/* Whether `op` only allocates its one result: one effect, an Allocate on
 * it, no region and no memref operand (bufrs's is_pure_allocation). */
bool isPureAllocation(Operation *op) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  SmallVector<MemoryEffects::EffectInstance, 2> effects;
  iface.getEffects(effects);
  return effects.size() == 1 &&
         isa<MemoryEffects::Allocate>(effects[0].getEffect()) &&
         effects[0].getValue() == op->getResult(0) &&
         llvm::none_of(op->getOperandTypes(),
                       [](Type t) { return isa<BaseMemRefType>(t); });
}

/* Whether the copy `copy` (source operand 0, target operand 1) may be one
 * bufrs-remove-read-only-copies removes: its target is the result of an
 * allocation of its block before it, of the source's type, and every use
 * of the target is the copy, a free of it, or lies in the copy's block
 * after it and is not a terminator (a call aside: the pass reads whether
 * its callee only reads it). */
bool mayBeReadOnlyCopy(Operation *copy) {
  if (copy->getNumOperands() != 2)
    return false;
  Value source = copy->getOperand(0), target = copy->getOperand(1);
  Operation *alloc = target.getDefiningOp();
  Block *block = copy->getBlock();
  if (source == target || source.getType() != target.getType() || !alloc ||
      alloc->getBlock() != block || !alloc->isBeforeInBlock(copy) ||
      !isPureAllocation(alloc))
    return false;
  for (Operation *user : target.getUsers()) {
    if (user == copy || declares<MemoryEffects::Free>(user, target))
      continue;
    if (user->hasTrait<OpTrait::IsTerminator>() && !isa<CallOpInterface>(user))
      return false;
    Operation *at = block->findAncestorOpInBlock(*user);
    if (!at || at == copy || at->isBeforeInBlock(copy))
      return false;
  }
  return true;
}

/* Whether `alloc` may be a buffer copy removal's dead-buffer step removes:
 * a pure allocation whose uses, and those of its views, are frees of the
 * value used, `dim` ops (memref.dim) of it (operand 0) or views of it (one
 * result, no region), with at least one `dim`. */
bool mayBeDeadBuffer(Operation *alloc, OperationName dim) {
  if (!isPureAllocation(alloc))
    return false;
  SmallVector<Value, 4> values{alloc->getResult(0)};
  bool sized = false;
  for (size_t next = 0; next < values.size(); ++next) {
    Value value = values[next];
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (user->getName() == dim && use.getOperandNumber() == 0) {
        sized = true;
        continue;
      }
      auto view = dyn_cast<ViewLikeOpInterface>(user);
      if (view && view.getViewSource() == value &&
          user->getNumResults() == 1 && user->getNumRegions() == 0) {
        values.push_back(user->getResult(0));
        continue;
      }
      if (!declares<MemoryEffects::Free>(user, value))
        return false;
    }
  }
  return sized;
}

/* The op that `value` views, through view-like ops, and the op defining
 * that root (null for a block argument). */
Operation *viewRoot(Value value) {
  while (Operation *def = value.getDefiningOp()) {
    auto view = dyn_cast<ViewLikeOpInterface>(def);
    if (!view || view.getViewSource() == value)
      return def;
    value = view.getViewSource();
  }
  return nullptr;
}


/* Whether `pred` holds for an op nested in `root` (not `root` itself), in
 * pre-order; stops at the first. A plain loop: MLIR's generic walk costs
 * more per op than these tests of a name. */
template <typename Pred>
bool anyNested(Operation *root, Pred &pred) {
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (Operation &op : block)
        if (pred(&op) || (op.getNumRegions() != 0 && anyNested(&op, pred)))
          return true;
  return false;
}

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

/* Whether copy removal may remove the copy `op` (operand 0 its source; a
 * new buffer, its result 0, when `newBuffer`): a later op of its block frees
 * the source; or (into an operand) the source is defined in the copy's
 * block and used there only before the copy; or (a new buffer) a later op
 * of its parent op's block frees the source, or only ops freeing the new
 * buffer use it. */
bool mayRemoveCopy(Operation *op, bool newBuffer) {
  if (op->getNumOperands() == 0)
    return false;
  Block *block = op->getBlock();
  Value source = op->getOperand(0);
  for (Operation *user : source.getUsers())
    if (user != op && user->getBlock() == block && op->isBeforeInBlock(user) &&
        declares<MemoryEffects::Free>(user, source))
      return true;
  Operation *def = source.getDefiningOp();
  if (!newBuffer && def && def->getBlock() == block &&
      llvm::all_of(source.getUsers(), [&](Operation *user) {
        Operation *at = block->findAncestorOpInBlock(*user);
        return at && (at == op || at->isBeforeInBlock(op));
      }))
    return true;
  if (!newBuffer)
    return false;
  Operation *parent = op->getParentOp();
  if (parent && parent->getBlock())
    for (Operation *user : source.getUsers())
      if (user->getBlock() == parent->getBlock() &&
          parent->isBeforeInBlock(user) &&
          declares<MemoryEffects::Free>(user, source))
        return true;
  if (op->getNumResults() >= 1) {
    Value result = op->getResult(0);
    if (llvm::all_of(result.getUsers(), [&](Operation *user) {
          return declares<MemoryEffects::Free>(user, result);
        }))
      return true;
  }
  return false;
}


} // namespace

extern "C" void bufrsShimReadOnlyCopyUnits(MlirOperation rootHandle,
                                           const MlirStringRef *copies,
                                           intptr_t count, BufrsOpFn found,
                                           void *userData) {
  Operation *root = unwrap(rootHandle);
  bufrs::OpNames names(root->getContext(), copies, count);
  if (names.empty())
    return;
  auto candidate = [&](Operation *op) {
    return names.contains(op) && mayBeReadOnlyCopy(op);
  };
  if (names.registered.size() <= 2) {
    // The registered copy names (the usual one or two) compared by value,
    // kept in the closure (a null slot matches no op); a name no dialect
    // registers by text, of an op whose name is not registered.
    const void *a = names.registered.size() > 0
                        ? names.registered[0].getAsOpaquePointer()
                        : nullptr;
    const void *b = names.registered.size() > 1
                        ? names.registered[1].getAsOpaquePointer()
                        : nullptr;
    bool text = !names.unregistered.empty();
    auto fast = [a, b, text, &names](Operation *op) {
      OperationName name = op->getName();
      const void *p = name.getAsOpaquePointer();
      bool named = p == a || p == b ||
                   (text && !name.isRegistered() &&
                    llvm::is_contained(names.unregistered, name.getStringRef()));
      return named && mayBeReadOnlyCopy(op);
    };
    for (Region &region : root->getRegions())
      for (Block &block : region)
        for (auto it = block.begin(), end = block.end(); it != end; ++it) {
          Operation *top = bufrs::opAt(it);
          if (fast(top) || bufrs::anyNestedOp(top, fast))
            found(userData, wrap(top));
        }
    return;
  }
  for (Region &region : root->getRegions())
    for (Block &block : region)
      for (auto it = block.begin(), end = block.end(); it != end; ++it) {
        Operation *top = bufrs::opAt(it);
        if (candidate(top) || bufrs::anyNestedOp(top, candidate))
          found(userData, wrap(top));
      }
}

extern "C" unsigned bufrsShimCopyRemovalCandidates(
    MlirOperation rootHandle, bool deadBuffers,
    const MlirStringRef *intoOperand, intptr_t intoOperandCount,
    const MlirStringRef *intoNewBuffer, intptr_t intoNewBufferCount) {
  Operation *root = unwrap(rootHandle);
  MLIRContext *context = root->getContext();
  // The dead-buffer step takes only registered memref.dim ops (of known
  // effects): none without the dialect.
  std::optional<RegisteredOperationName> dim;
  if (deadBuffers)
    dim = RegisteredOperationName::lookup("memref.dim", context);
  bufrs::OpNames operandCopies(context, intoOperand, intoOperandCount);
  bufrs::OpNames newBufferCopies(context, intoNewBuffer, intoNewBufferCount);
  bool wantDead = dim.has_value();
  bool wantCopy = !operandCopies.empty() || !newBufferCopies.empty();
  bool dead = false, copy = false;
  // Each buffer is asked once, however many memref.dim read its size.
  llvm::DenseSet<Operation *> asked;
  // The registered names `visit` reacts to, compared inline first (null
  // slots match no op): any other op goes by, an unregistered one only
  // when a copy's name is unregistered.
  const void *interesting[4] = {nullptr, nullptr, nullptr, nullptr};
  unsigned numInteresting = 0;
  bool fewNames = true;
  auto note = [&](const void *name) {
    if (numInteresting < 4)
      interesting[numInteresting++] = name;
    else
      fewNames = false;
  };
  if (wantDead)
    note(dim->getAsOpaquePointer());
  for (const bufrs::OpNames *names : {&operandCopies, &newBufferCopies})
    for (OperationName name : names->registered)
      note(name.getAsOpaquePointer());
  bool unregisteredCopies = !operandCopies.unregistered.empty() ||
                            !newBufferCopies.unregistered.empty();
  const void *n0 = interesting[0], *n1 = interesting[1],
             *n2 = interesting[2], *n3 = interesting[3];
  auto skip = [n0, n1, n2, n3, fewNames,
               unregisteredCopies](Operation *op) {
    OperationName name = op->getName();
    const void *p = name.getAsOpaquePointer();
    return fewNames && p != n0 && p != n1 && p != n2 && p != n3 &&
           (!unregisteredCopies || name.isRegistered());
  };
  auto visit = [&, skip](Operation *op) {
    if (skip(op))
      return false;
    if (wantDead && !dead && op->getName() == *dim &&
        op->getNumOperands() != 0) {
      Operation *alloc = viewRoot(op->getOperand(0));
      dead = alloc && asked.insert(alloc).second && mayBeDeadBuffer(alloc, *dim);
    }
    if (wantCopy && !copy) {
      bool newBuffer = newBufferCopies.contains(op);
      copy = (newBuffer || operandCopies.contains(op)) &&
             mayRemoveCopy(op, newBuffer);
    }
    return (dead || !wantDead) && (copy || !wantCopy);
  };
  // `root` is a function-like op: neither a copy nor a memref.dim.
  if (wantDead || wantCopy)
    (void)bufrs::anyNestedOp(root, visit);
  // Every copy removal also needs a temporary or a clone: an allocation.
  if (copy) {
    auto allocates = [](Operation *op) { return declaresAllocation(op); };
    copy = allocates(root) || anyNested(root, allocates);
  }
  return (dead ? BUFRS_MAY_HAVE_DEAD_BUFFER : 0u) |
         (copy ? BUFRS_MAY_REMOVE_COPY : 0u);
}

extern "C" bool bufrsShimHasAllocationIn(MlirOperation rootHandle,
                                          bool offTopBlock) {
  Operation *root = unwrap(rootHandle);
  auto allocates = [](Operation *op) { return declaresAllocation(op); };
  if (!offTopBlock)
    return allocates(root) || anyNested(root, allocates);
  // The ops directly in a single-block region of `root` do not count; the
  // ops nested in them do.
  for (Region &region : root->getRegions()) {
    bool top = region.hasOneBlock();
    for (Block &block : region)
      for (Operation &op : block)
        if ((!top && allocates(&op)) ||
            (op.getNumRegions() != 0 && anyNested(&op, allocates)))
          return true;
  }
  return false;
}
