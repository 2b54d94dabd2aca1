//===- reuse_dying_inputs.cpp - pre-capture walk of reuse-dying-inputs ----===//
//
// Tells bufrs-reuse-dying-inputs whether a body may hold a pair it rewrites
// before anything is captured: a destination-style op on buffers with an
// init and an input that are allocations of its block, of one type, the
// init untouched before the op and the input unused after it, read and
// written at the same point (bufrsShimSamePointAccess). A superset of where
// the pass fires: the pass decides on a snapshot as before, only of bodies
// this finds a pair in.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "op_walk.h"
#include "shim_internal.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"
#include "mlir/Interfaces/ShapedOpInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace {

/* Whether `value` is the one result of an op of `block` without regions
 * that declares an Allocate effect on it (weaker than bufrs's
 * is_pure_allocation, which this must not reject). */
bool allocatedIn(Value value, Block *block) {
  Operation *def = value.getDefiningOp();
  return def && def->getBlock() == block && def->getNumResults() == 1 &&
         def->getNumRegions() == 0 && bufrs::declaresAllocationOf(value);
}

/* Whether `value` is an operand of `op` once and every other use of it is
 * in (or nested in) an op of `op`'s block after `op` (`after`) or before
 * it (otherwise). */
bool usedOnlyOn(Value value, Operation *op, bool after) {
  Block *block = op->getBlock();
  unsigned onOp = 0;
  for (Operation *user : value.getUsers()) {
    if (user == op) {
      ++onOp;
      continue;
    }
    Operation *at = block->findAncestorOpInBlock(*user);
    if (!at || at == op || at->isBeforeInBlock(op) == after)
      return false;
  }
  return onOp == 1;
}

/* Whether ops of a name implement DestinationStyleOpInterface, per name
 * (which decides it), for one walk: most ops of a body share a few names,
 * and asking the interface of each costs a lookup in its name's map. */
class DpsByName {
public:
  bool has(Operation *op) {
    const void *name = op->getName().getAsOpaquePointer();
    unsigned slot = (reinterpret_cast<uintptr_t>(name) >> 4) % kSlots;
    if (names[slot] != name) {
      names[slot] = name;
      known[slot] = static_cast<bool>(dyn_cast<DestinationStyleOpInterface>(op));
    }
    return known[slot];
  }

private:
  static constexpr unsigned kSlots = 16;
  const void *names[kSlots] = {};
  bool known[kSlots] = {};
};

/* Whether `op` may be an op the pass rewrites. */
bool mayReuse(Operation *op, DpsByName &byName) {
  if (op->getNumOperands() < 2 || !byName.has(op))
    return false;
  auto dps = dyn_cast<DestinationStyleOpInterface>(op);
  if (!dps || !dps.hasPureBufferSemantics())
    return false;
  Block *block = op->getBlock();
  for (OpOperand &init : dps.getDpsInitsMutable()) {
    Value output = init.get();
    if (!allocatedIn(output, block) || !usedOnlyOn(output, op, true))
      continue;
    for (OpOperand *input : dps.getDpsInputOperands()) {
      Value value = input->get();
      if (value == output || value.getType() != output.getType() ||
          !allocatedIn(value, block) || !usedOnlyOn(value, op, false))
        continue;
      if (bufrsShimSamePointAccess(wrap(op), input->getOperandNumber(),
                                   init.getOperandNumber()) == 1)
        return true;
    }
  }
  return false;
}

} // namespace

/* Whether `mayReuse` holds for an op nested in `root`, in pre-order;
 * stops at the first. */
extern "C" bool bufrsShimMayReuseDyingInput(MlirOperation root) {
  DpsByName byName;
  auto may = [&](Operation *op) { return mayReuse(op, byName); };
  return bufrs::anyNestedOp(unwrap(root), may);
}

extern "C" bool bufrsShimReadsShapeOf(MlirOperation op, MlirValue value) {
  auto dim = dyn_cast<ShapedDimOpInterface>(unwrap(op));
  return dim && dim.getShapedValue() == unwrap(value);
}
