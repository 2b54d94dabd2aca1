//===- merge_alloc.cpp - pre-capture walk of bufrs-merge-alloc ------------===//
//
// Tells bufrs-merge-alloc whether a body may hold two allocations its
// collector could put in one scope, before anything is captured: the
// collector's cheap refusals (TickTraceCollector::may_merge in
// src/passes/merge_alloc/collect.rs) asked of the IR directly, each on the
// side that keeps this an over-approximation. Candidates are a superset of
// may_merge's (allocations of a merged class with a ranked memref result,
// left out only where may_merge surely refuses them), grouped in coarser
// scopes (loops that may run iterations at once are climbed) and without
// memory spaces; the buffers refused are a subset of may_merge's (some of its
// seeds and some of its backward edges). So when this answers false,
// may_merge answers false too and the pass changes nothing. With `counts`
// the same walk also counts the allocations the pass's pre-capture gate
// counts (bufrsShimCountHeapAllocations, bufrsShimCountStackAllocations in
// capture.cpp) and answers false where that gate leaves the body alone.
// With keep-peak, a block's candidates count only as cannot_save_bytes in
// collect.rs lets them: two heap buffers, one sized at run time, or two of
// static shape whose sizes, each rounded up to the pass's alignment (at
// most the collector's), could save a byte in one arena.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "shim_internal.h"

#include "mlir/CAPI/IR.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace {

struct MayMerge {
  Operation *root;
  bool heap;
  bool stack;
  bool dynamic;
  bool keepPeak;
  bool callsReturnFresh;
  /* Whether to count, as the pass's gate does, the heap (of static shape
   * unless `dynamic`) and stack (of static shape) allocations, of no value
   * or of a memref no return-like terminator takes. */
  bool counts;
  /* The pass's alignment option: every offset alignment of the collector
   * is a power of two at least this. */
  uint64_t alignment;
  unsigned heapCount = 0;
  unsigned stackCount = 0;
  /* An allocated buffer, the scope block it is grouped by, whether it is
   * on the stack and whether a loop was climbed to that block. */
  struct Candidate {
    Value value;
    Block *block;
    bool automatic;
    bool crossedLoop;
  };
  SmallVector<Candidate, 8> candidates;
  /* Buffers whose flow refuses every allocation flowing into them. */
  SmallVector<Value, 16> work;
  SmallVector<MemoryEffects::EffectInstance, 4> effects;

  /* Where the allocation `op` is grouped. */
  struct Scope {
    /* The entry block of the region whose parent is the root or the
     * nearest ancestor with the AutomaticAllocationScope trait that is no
     * loop. The collector's scope (analysis::loops::allocation_scope)
     * stops there too or below, on the same path: allocations of one
     * collector scope share this block. */
    Block *block;
    /* A loop not known to be sequential was climbed: the collector may
     * have stopped below. */
    bool crossedLoop;
    /* Without crossing such a loop, an ancestor below the scope is
     * isolated from above or no region branch: the collector leaves the
     * allocation alone. */
    bool unsupported;
  };

  /* A loop the collector knows runs its iterations one after another
   * (analysis::loops::iterations): it climbs out of it as out of a
   * region branch op. */
  static bool sequentialLoop(Operation *op) {
    StringRef name = op->getName().getStringRef();
    return !op->hasTrait<OpTrait::HasParallelRegion>() &&
           (name == "scf.for" || name == "scf.while" || name == "affine.for");
  }

  Scope scopeOf(Operation *op) {
    Block *block = op->getBlock();
    bool crossedLoop = false;
    while (true) {
      Region *region = block->getParent();
      Operation *parent = region->getParentOp();
      if (parent == root || !parent->getBlock())
        return {&region->front(), crossedLoop, false};
      bool loop = isa<LoopLikeOpInterface>(parent);
      if (!loop && parent->hasTrait<OpTrait::AutomaticAllocationScope>())
        return {&region->front(), crossedLoop, false};
      if (loop && !sequentialLoop(parent)) {
        crossedLoop = true;
      } else if (!crossedLoop &&
                 (parent->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
                  !isa<RegionBranchOpInterface>(parent))) {
        return {&region->front(), crossedLoop, true};
      }
      block = parent->getBlock();
    }
  }

  /* Whether the size `value` is surely not available at the start of the
   * scope block `block` for the collector (collect.rs size_at_entry): an
   * op of the scope's region that is no `memref.dim` defines it, outside
   * the scope block itself. */
  static bool computedInside(Value value, Block *block) {
    Operation *def = value.getDefiningOp();
    return def && def->getBlock() != block &&
           block->getParent()->isAncestor(def->getParentRegion()) &&
           def->getName().getStringRef() != "memref.dim";
  }

  /* Whether the collector takes `value`, allocated by `op` (on the stack
   * when `automatic`), as a candidate of its scope, as far as told here:
   * a ranked memref of a merged class, static or (with `dynamic`, on the
   * heap) sized at run time; where the scope is surely the collector's, a
   * run-time sized buffer is refused with `keepPeak` in a scope region of
   * several blocks and with a size computed inside the scope. */
  void addCandidate(Operation *op, Value value, bool automatic) {
    auto type = dyn_cast<MemRefType>(value.getType());
    if (!type || !(automatic ? stack : heap))
      return;
    Scope scope = scopeOf(op);
    if (scope.unsupported)
      return;
    if (!type.hasStaticShape() &&
        (!dynamic || automatic ||
         (!scope.crossedLoop &&
          ((keepPeak && !scope.block->getParent()->hasOneBlock()) ||
           llvm::any_of(op->getOperands(), [&](Value size) {
             return computedInside(size, scope.block);
           })))))
      return;
    candidates.push_back({value, scope.block, automatic, scope.crossedLoop});
  }


  /* Counts `effect` as the gate does, if it is an Allocate. */
  void count(const MemoryEffects::EffectInstance &effect) {
    if (!isa<MemoryEffects::Allocate>(effect.getEffect()))
      return;
    bool onStack =
        isa<SideEffects::AutomaticAllocationScopeResource>(effect.getResource());
    if (Value value = effect.getValue()) {
      auto type = dyn_cast<MemRefType>(value.getType());
      if (!type || ((onStack || !dynamic) && !type.hasStaticShape()) ||
          llvm::any_of(value.getUsers(), [](Operation *user) {
            return user->hasTrait<OpTrait::IsTerminator>() &&
                   user->hasTrait<OpTrait::ReturnLike>();
          }))
        return;
    }
    ++(onStack ? stackCount : heapCount);
  }

  /* `count` on the effects of `op`, which has no buffer operand or result
   * (`visit` reads the effects of the others). */
  void countOnly(Operation *op) {
    if (heapCount >= 2 && stackCount >= 2)
      return;
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface)
      return;
    effects.clear();
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects)
      count(effect);
  }

  /* Whether the gate leaves the body alone: fewer than two allocations of
   * each class merged. */
  bool tooFew() const {
    return (!heap || heapCount < 2) && (!stack || stackCount < 2);
  }

  void pushBuffers(OperandRange operands) {
    for (Value value : operands)
      if (isa<BaseMemRefType>(value.getType()))
        work.push_back(value);
  }

  /* Candidates and refusal seeds of `op`: its allocations of a merged
   * class; the values it frees that no op allocates; the buffer operands
   * of a return-like terminator and of an op of unknown effects that is
   * neither a call nor a terminator. An op without memref operands or
   * results can have none of them but seeds of other types, which are
   * left out. */
  void visit(Operation *op) {
    auto isBuffer = [](Value value) {
      return isa<BaseMemRefType>(value.getType());
    };
    if (llvm::none_of(op->getOperands(), isBuffer) &&
        llvm::none_of(op->getResults(), isBuffer)) {
      if (counts)
        countOnly(op);
      return;
    }
    bool terminator = op->hasTrait<OpTrait::IsTerminator>();
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(op)) {
      effects.clear();
      iface.getEffects(effects);
      for (const MemoryEffects::EffectInstance &effect : effects) {
        if (counts)
          count(effect);
        Value value = effect.getValue();
        if (!value)
          continue;
        if (isa<MemoryEffects::Allocate>(effect.getEffect())) {
          auto result = dyn_cast<OpResult>(value);
          if (result && result.getOwner() == op)
            addCandidate(op, value,
                         isa<SideEffects::AutomaticAllocationScopeResource>(
                             effect.getResource()));
        } else if (isa<MemoryEffects::Free>(effect.getEffect()) &&
                   !bufrs::declaresAllocationOf(value)) {
          work.push_back(value);
        }
      }
    } else if (!isa<CallOpInterface>(op) && !terminator &&
               (op->isRegistered() || &op->getBlock()->back() != op)) {
      pushBuffers(op->getOperands());
    }
    if (terminator && op->hasTrait<OpTrait::ReturnLike>())
      pushBuffers(op->getOperands());
  }

  /* `visit` on every op nested in `op`, in pre-order (a plain loop: the
   * generic walk's callback per op cost as much as most visits). */
  void visitNested(Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block) {
          visit(&nested);
          if (nested.getNumRegions() != 0)
            visitNested(&nested);
        }
  }

  /* Whether some block groups two of `candidates` not in `refused`. */
  bool twoInABlock(const llvm::DenseSet<Value> *refused) const {
    llvm::SmallDenseMap<Block *, unsigned, 8> count;
    for (const Candidate &c : candidates)
      if ((!refused || !refused->contains(c.value)) && ++count[c.block] >= 2)
        return true;
    return false;
  }

  /* The bytes of a buffer of static shape `type` allocated by `op`, as the
   * collector reads them (data layout size of the element, a power of two
   * of whole bytes, times the elements), and the element's bytes; 0 where
   * not told here (another element, a layout, data layout entries). */
  std::pair<uint64_t, uint64_t> staticBytes(Operation *op, MemRefType type) {
    if (!type.getLayout().isIdentity())
      return {0, 0};
    Type element = type.getElementType();
    if (!isa<IntegerType, FloatType>(element))
      return {0, 0};
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (parent != root && isa<ModuleOp, DataLayoutOpInterface>(parent))
        return {0, 0};
      if (parent == root)
        break;
    }
    if (!layout)
      layout.emplace(DataLayout::closest(root));
    uint64_t bytes = layout->getTypeSize(element).getFixedValue();
    if (bytes == 0 || !llvm::isPowerOf2_64(bytes))
      return {0, 0};
    uint64_t size = bytes;
    for (int64_t extent : type.getShape())
      if (extent < 0 || (extent != 0 && size > (UINT64_MAX >> 2) /
                                                   static_cast<uint64_t>(extent)))
        return {0, 0};
      else
        size *= static_cast<uint64_t>(extent);
    return {size, bytes};
  }
  std::optional<DataLayout> layout;

  /* With keepPeak: whether some block's candidates not in `refused` may
   * merge as collect.rs cannot_save_bytes leaves them: two heap buffers,
   * one sized at run time; or two of static shape unless their sizes sum
   * to at most each one's size rounded up to its alignment (any arena of
   * them takes that much), which a size not known here does not rule out.
   * Heap and stack buffers are one group but in a region of several blocks
   * reached without climbing a loop (the collector's scope block then, where
   * may_merge keeps them apart too). Groups here hold more buffers than
   * collect.rs's, and the alignment here is at most the collector's, so
   * this answers true wherever it does. */
  bool mayMergeKeepingPeak(const llvm::DenseSet<Value> &refused) {
    struct Group {
      unsigned heap = 0;
      bool dynamic = false;
      unsigned statics = 0;
      bool unknown = false;
      uint64_t sum = 0;
      uint64_t leastRounded = UINT64_MAX;
    };
    /* Per block: whether a candidate there climbed a loop. */
    llvm::SmallDenseMap<Block *, bool, 8> crossed;
    for (const Candidate &c : candidates)
      if (!refused.contains(c.value))
        crossed[c.block] |= c.crossedLoop;
    llvm::SmallDenseMap<std::pair<Block *, unsigned>, Group, 8> groups;
    for (const Candidate &c : candidates) {
      if (refused.contains(c.value))
        continue;
      bool apart = !crossed[c.block] && !c.block->getParent()->hasOneBlock();
      Group &g = groups[{c.block, unsigned(apart && c.automatic)}];
      auto type = cast<MemRefType>(c.value.getType());
      g.heap += !c.automatic;
      if (!type.hasStaticShape()) {
        g.dynamic = true;
        continue;
      }
      ++g.statics;
      auto [size, elementBytes] =
          staticBytes(cast<OpResult>(c.value).getOwner(), type);
      if (elementBytes == 0) {
        g.unknown = true;
        continue;
      }
      uint64_t align = std::max(alignment, elementBytes);
      /* Each size is below 2^62; past 2^60 the group is kept. */
      g.sum = std::min(g.sum + size, uint64_t(1) << 62);
      g.leastRounded =
          std::min(g.leastRounded, (size + align - 1) / align * align);
    }
    for (auto &[key, g] : groups) {
      if (g.heap >= 2 && g.dynamic)
        return true;
      if (g.statics >= 2 && (g.unknown || g.statics >= (1u << 20) ||
                             g.sum > (uint64_t(1) << 60) ||
                             g.sum > g.leastRounded))
        return true;
    }
    return false;
  }

  /* Everything flowing into the seeds, backwards along edges the
   * collector's refusal walk follows too: a view's source (result 0), a
   * cast's operand, a block argument's branch operands, and every buffer
   * operand of an op that is no region branch, no call (with
   * calls-return-fresh) and declares no Allocate of the result. */
  llvm::DenseSet<Value> refused() {
    llvm::DenseSet<Value> refused;
    while (!work.empty()) {
      Value value = work.pop_back_val();
      if (!refused.insert(value).second)
        continue;
      if (auto arg = dyn_cast<BlockArgument>(value)) {
        Block *block = arg.getOwner();
        unsigned number = arg.getArgNumber();
        for (BlockOperand &use : block->getUses()) {
          auto branch = dyn_cast<BranchOpInterface>(use.getOwner());
          if (!branch)
            continue;
          SuccessorOperands operands =
              branch.getSuccessorOperands(use.getOperandNumber());
          unsigned produced = operands.getProducedOperandCount();
          OperandRange forwarded = operands.getForwardedOperands();
          if (number >= produced && number - produced < forwarded.size())
            work.push_back(forwarded[number - produced]);
        }
        continue;
      }
      auto result = cast<OpResult>(value);
      Operation *def = result.getOwner();
      if (!root->isProperAncestor(def))
        continue;
      unsigned index = result.getResultNumber();
      auto view = dyn_cast<ViewLikeOpInterface>(def);
      if (view && index == 0) {
        if (Value source = view.getViewSource())
          work.push_back(source);
        continue;
      }
      if (!view && isa<CastOpInterface>(def) &&
          def->getNumOperands() == def->getNumResults()) {
        work.push_back(def->getOperand(index));
        continue;
      }
      if (isa<RegionBranchOpInterface>(def) ||
          (callsReturnFresh && isa<CallOpInterface>(def)) ||
          bufrs::declaresAllocationOf(value))
        continue;
      pushBuffers(def->getOperands());
    }
    return refused;
  }
};

} // namespace

extern "C" bool bufrsShimMergeAllocMayMerge(MlirOperation rootHandle,
                                            bool heap, bool stack,
                                            bool dynamic, bool keepPeak,
                                            bool callsReturnFresh,
                                            bool counts, uint64_t alignment) {
  MayMerge walk{unwrap(rootHandle), heap, stack, dynamic, keepPeak,
                callsReturnFresh, counts, alignment, 0, 0, {}, {}, {}, {}};
  /* The gate's walk counts the root's own effects too. */
  if (counts) {
    if (auto iface = dyn_cast<MemoryEffectOpInterface>(walk.root)) {
      iface.getEffects(walk.effects);
      for (const MemoryEffects::EffectInstance &effect : walk.effects)
        walk.count(effect);
    }
  }
  walk.visitNested(walk.root);
  if (counts && walk.tooFew())
    return false;
  if (!walk.twoInABlock(nullptr))
    return false;
  llvm::DenseSet<Value> refused = walk.refused();
  if (keepPeak)
    return walk.mayMergeKeepingPeak(refused);
  return walk.twoInABlock(&refused);
}
