//===- capture.cpp - one walk that captures a body into flat arrays -------===//
//
// bufrsShimCapture fills the arrays src/ir/capture.rs turns into a Snapshot:
// every op, region, block and value of a body with dense ids, operands,
// memory effects, successors, region edges and views, asked of MLIR's
// interfaces in C++ (the same queries as interfaces.cpp, through
// shim_internal.h). Capturing through the C API took one call per op,
// operand and query; here Rust reads slices. The id order is the one
// capture.rs documents, so analyses see the same snapshot either way.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "shim_internal.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

#include <atomic>
#include <memory>
#include <vector>

using namespace mlir;

namespace {

/* Ids by pointer for one capture: open addressing with linear probing in a
 * power-of-two table kept at most half full, cleared for the next capture
 * by bumping a generation instead of touching every slot. A capture inserts
 * each value once and looks it up once per use; DenseMap's out-of-line
 * insert and probe cost about four times the inline probe here. */
class PointerIds {
public:
  /* Forgets every entry (the slots stay allocated). */
  void clear() {
    count = 0;
    if (++generation == 0) { // wrapped: old slots could look current
      for (Slot &slot : slots)
        slot.generation = 0;
      generation = 1;
    }
  }

  /* Records `id` for `key` (not yet present). */
  void insert(const void *key, uint32_t id) {
    if ((count + 1) * 2 > slots.size())
      grow();
    Slot &slot = find(key);
    slot = {key, id, generation};
    ++count;
  }

  /* The id of `key`, or BUFRS_NONE. */
  uint32_t lookup(const void *key) const {
    if (slots.empty())
      return BUFRS_NONE;
    const Slot &slot = const_cast<PointerIds *>(this)->find(key);
    return slot.generation == generation ? slot.id : BUFRS_NONE;
  }

private:
  struct Slot {
    const void *key = nullptr;
    uint32_t id = 0;
    uint32_t generation = 0; // current when equal to the table's
  };
  std::vector<Slot> slots;
  size_t count = 0;
  uint32_t generation = 1;
  unsigned shift = 64; // 64 - log2(slots.size())

  /* Fibonacci hashing: the high bits of the product spread pointers that
   * sit a few bytes apart (the results of one op, consecutive ops) over the
   * table, where linear probing would cluster their low bits. */
  size_t hash(const void *key) const {
    uint64_t bits = reinterpret_cast<uintptr_t>(key);
    return static_cast<size_t>((bits * 0x9E3779B97F4A7C15ull) >> shift);
  }

  /* The slot of `key`, or the free slot where it would go. */
  Slot &find(const void *key) {
    size_t mask = slots.size() - 1;
    // `hash` is below slots.size() (its top log2(size) bits).
    for (size_t i = hash(key) & mask;; i = (i + 1) & mask) {
      Slot &slot = slots[i];
      if (slot.generation != generation || slot.key == key)
        return slot;
    }
  }

  __attribute__((noinline)) void grow() {
    std::vector<Slot> old;
    old.swap(slots);
    slots.assign(old.empty() ? 256 : old.size() * 2, Slot());
    shift = 64 - static_cast<unsigned>(llvm::Log2_64(slots.size()));
    uint32_t current = generation;
    generation = 1; // the new slots are all free (generation 0)
    for (const Slot &entry : old)
      if (entry.generation == current)
        find(entry.key) = {entry.key, entry.id, generation};
  }
};

struct Capture {
  std::vector<BufrsCapturedOp> ops;
  std::vector<BufrsCapturedBlock> blocks;
  std::vector<BufrsCapturedRegion> regions;
  std::vector<BufrsCapturedValue> values;
  std::vector<BufrsCapturedEffect> effects;
  std::vector<BufrsCapturedEdge> edges;
  std::vector<BufrsCapturedSuccessor> successors;
  std::vector<uint32_t> ids;
  std::vector<uint32_t> pending; // id lists still growing (addRegion)
  std::vector<Operation *> opPtrs;
  std::vector<uint32_t> external; // values defined outside the root
  std::vector<MlirStringRef> names; // distinct op names, by first use
  uint64_t number = 0;              // this capture's number (NameFacts)
  PointerIds valueIds;
  PointerIds blockIds;
  // Traits and interfaces belong to the op's name (registered or not), so
  // each name is asked once: 17 interface lookups per op were half of the
  // walk. The running pass's cache (kept across its captures) if any.
  bufrs::TraitsCache ownTraits;
  bufrs::TraitsCache *traits = nullptr;
  // The facts of the names met last, by the name's address (direct-mapped):
  // most ops of a body share a few names, and a slot costs a compare where
  // the map costs a hash, a probe and the registered check. Entries point
  // into `traits->byName`, so they are dropped whenever it may have grown.
  struct NameSlot {
    void *key = nullptr;
    bufrs::NameFacts *facts = nullptr;
  };
  static constexpr size_t kNameSlots = 64;
  NameSlot nameSlots[kNameSlots];
  size_t namesKnown = 0; // traits->byName.size() when the slots were filled

  /* Empties the capture for the next body, keeping the arrays' memory. */
  void reset() {
    ops.clear();
    blocks.clear();
    regions.clear();
    values.clear();
    effects.clear();
    edges.clear();
    successors.clear();
    ids.clear();
    pending.clear();
    opPtrs.clear();
    external.clear();
    names.clear();
    valueIds.clear();
    blockIds.clear();
    ownTraits.byName.clear();
    traits =
        bufrs::currentTraitsCache() ? bufrs::currentTraitsCache() : &ownTraits;
    clearNameSlots();
    static std::atomic<uint64_t> captures{0};
    number = ++captures;
  }

  void clearNameSlots() {
    for (NameSlot &slot : nameSlots)
      slot = NameSlot();
    namesKnown = traits->byName.size();
  }

  /* The facts of `op`'s name: a slot's, else the pass's cache (the names'
   * registration cannot change during one walk). */
  bufrs::NameFacts &factsOf(Operation *op) {
    void *key = op->getName().getAsOpaquePointer();
    NameSlot &slot =
        nameSlots[(reinterpret_cast<uintptr_t>(key) >> 4) % kNameSlots];
    if (slot.key == key)
      return *slot.facts;
    bufrs::NameFacts &facts = traits->factsOf(op);
    if (traits->byName.size() != namesKnown)
      clearNameSlots(); // the map may have moved its entries
    slot.key = key;
    slot.facts = &facts;
    return facts;
  }

  /* The index of `op`'s name in `names` (added on its first use). */
  uint32_t nameIndex(Operation *op, bufrs::NameFacts &facts) {
    if (facts.capture != number) {
      facts.capture = number;
      facts.indexInCapture = static_cast<uint32_t>(names.size());
      StringRef name = op->getName().getStringRef();
      names.push_back(mlirStringRefCreate(name.data(), name.size()));
    }
    return facts.indexInCapture;
  }

  BufrsRange reserve(uint32_t count) {
    BufrsRange range{static_cast<uint32_t>(ids.size()), count};
    if (count)
      ids.resize(ids.size() + count, BUFRS_NONE);
    return range;
  }

  uint32_t newValue(Value value, bool isBlockArg, uint32_t owner,
                    uint32_t index) {
    uint32_t id = static_cast<uint32_t>(values.size());
    BufrsValueKind kind = BufrsValueKind_Other;
    Type type = value.getType();
    if (isa<UnrankedMemRefType>(type))
      kind = BufrsValueKind_UnrankedMemRef;
    else if (isa<MemRefType>(type))
      kind = BufrsValueKind_RankedMemRef;
    values.push_back({wrap(value), kind, isBlockArg, owner, index});
    valueIds.insert(value.getAsOpaquePointer(), id);
    return id;
  }

  /* The id of `value`; a value defined outside the root becomes a result of
   * the root. */
  uint32_t id(Value value) {
    uint32_t known = valueIds.lookup(value.getAsOpaquePointer());
    if (known != BUFRS_NONE)
      return known;
    uint32_t index = static_cast<uint32_t>(external.size());
    uint32_t id = newValue(value, false, 0, index);
    external.push_back(id);
    return id;
  }

  /* Any range of values (an OperandRange iterates without ValueRange's
   * per-element dispatch). */
  template <typename Range>
  BufrsRange idsOf(Range &&range) {
    BufrsRange out{static_cast<uint32_t>(ids.size()), 0};
    for (Value value : range) {
      uint32_t valueId = id(value);
      ids.push_back(valueId);
      ++out.count;
    }
    return out;
  }

  uint32_t addOp(Operation *op, uint32_t parentBlock, uint32_t position) {
    uint32_t opId = static_cast<uint32_t>(ops.size());
    BufrsCapturedOp &info = ops.emplace_back();
    info.handle = wrap(op);
    info.parent_block = parentBlock;
    info.position = position;
    info.view_source = BUFRS_NONE;
    info.terminator_operand_start = -1;
    opPtrs.push_back(op);
    if (parentBlock != BUFRS_NONE) {
      // Appended in order: newValue does not touch `ids`.
      BufrsRange results{static_cast<uint32_t>(ids.size()),
                         op->getNumResults()};
      for (OpResult result : op->getResults())
        ids.push_back(newValue(result, false, opId, result.getResultNumber()));
      ops[opId].results = results;
    }
    BufrsRange regionIds = reserve(op->getNumRegions());
    ops[opId].regions = regionIds;
    for (Region &region : op->getRegions())
      ids[regionIds.begin + region.getRegionNumber()] =
          addRegion(region, opId, region.getRegionNumber());
    return opId;
  }

  uint32_t addRegion(Region &region, uint32_t parentOp, uint32_t index) {
    uint32_t regionId = static_cast<uint32_t>(regions.size());
    regions.push_back({wrap(&region), parentOp, index, {}});
    // Blocks first (ids and arguments): successors and block arguments used
    // by later blocks' ops must exist. Ids gather on `pending` and go to
    // `ids` when the list is complete: nested regions append to `ids` in
    // between, and counting a block's ops first (ilist size) walked every
    // op twice.
    size_t mark = pending.size();
    for (Block &block : region)
      pending.push_back(addBlock(block, regionId));
    regions[regionId].blocks = flushPending(mark);
    BufrsRange blockRange = regions[regionId].blocks;
    for (uint32_t k = 0; k < blockRange.count; ++k) {
      uint32_t blockId = ids[blockRange.begin + k];
      Block *block = unwrap(blocks[blockId].handle);
      size_t opMark = pending.size();
      uint32_t position = 0;
      for (Operation &op : *block) {
        uint32_t opId = addOp(&op, blockId, position++);
        pending.push_back(opId);
      }
      blocks[blockId].ops = flushPending(opMark);
    }
    return regionId;
  }

  /* Moves the ids gathered on `pending` since `mark` to `ids`. */
  BufrsRange flushPending(size_t mark) {
    BufrsRange range{static_cast<uint32_t>(ids.size()),
                     static_cast<uint32_t>(pending.size() - mark)};
    ids.insert(ids.end(), pending.begin() + mark, pending.end());
    pending.resize(mark);
    return range;
  }

  uint32_t addBlock(Block &block, uint32_t region) {
    uint32_t blockId = static_cast<uint32_t>(blocks.size());
    blocks.push_back({wrap(&block), region, {}, {}});
    blockIds.insert(&block, blockId);
    BufrsRange args{static_cast<uint32_t>(ids.size()),
                    block.getNumArguments()};
    for (BlockArgument arg : block.getArguments())
      ids.push_back(newValue(arg, true, blockId, arg.getArgNumber()));
    blocks[blockId].args = args;
    return blockId;
  }

  /* Operands, once every value of the body has its id (block order is not
   * dominance order). */
  void recordOperands() {
    for (size_t index = 1; index < ops.size(); ++index)
      ops[index].operands = idsOf(opPtrs[index]->getOperands());
  }

  BufrsRange addEdges(uint32_t parentOp, bool (*walk)(Operation *,
                                                      bufrs::EdgeCallback),
                      Operation *op, bool &known, int32_t *firstStart) {
    BufrsRange range{static_cast<uint32_t>(edges.size()), 0};
    known = walk(op, [&](const RegionSuccessor &successor,
                         OperandRange forwarded) {
      BufrsCapturedEdge edge{};
      edge.target_region = BUFRS_NONE;
      if (!successor.isParent()) {
        uint32_t number = successor.getSuccessor()->getRegionNumber();
        if (number < ops[parentOp].regions.count)
          edge.target_region = ids[ops[parentOp].regions.begin + number];
      }
      edge.first_operand_index =
          forwarded.empty()
              ? -1
              : static_cast<int32_t>(forwarded.getBeginOperandIndex());
      if (firstStart && *firstStart < 0)
        *firstStart = edge.first_operand_index;
      edge.forwarded = idsOf(forwarded);
      edge.inputs = idsOf(successor.getSuccessorInputs());
      edges.push_back(edge);
      ++range.count;
    });
    return range;
  }

  void recordFacts() {
    for (size_t index = 0; index < ops.size(); ++index) {
      Operation *op = opPtrs[index];
      uint32_t opId = static_cast<uint32_t>(index);
      // `ops` does not grow here: the reference stays valid.
      BufrsCapturedOp &info = ops[index];
      bufrs::NameFacts &facts = factsOf(op);
      uint32_t traits = facts.traits;
      info.traits = traits;
      info.name = nameIndex(op, facts);
      bool registered = traits & BUFRS_TRAIT_REGISTERED;
      uint32_t parentBlock = info.parent_block;
      // MLIR's verifier accepts an unregistered op that ends its block as its
      // terminator (it might have the trait): its edges are then unknown.
      bool endsBlock = parentBlock != BUFRS_NONE && &op->getBlock()->back() == op;
      uint32_t flags = 0;
      if ((traits & BUFRS_TRAIT_TERMINATOR) || (!registered && endsBlock))
        flags |= BUFRS_CAPTURED_TERMINATOR;
      // As MLIR's DominanceInfo: regions of unregistered ops are graph regions.
      if (registered && (op->getNumRegions() == 0 ||
                         mayHaveSSADominance(op->getRegion(0))))
        flags |= BUFRS_CAPTURED_SSA_DOMINANCE;
      BufrsRange effectRange{static_cast<uint32_t>(effects.size()), 0};
      if (facts.memoryEffects) {
        bufrs::forEachEffectOf(
            MemoryEffectOpInterface(op, facts.memoryEffects),
            [&](BufrsEffectKind kind, Value value, bool automatic) {
              uint32_t valueId = value ? id(value) : BUFRS_NONE;
              effects.push_back({kind, valueId, automatic});
              ++effectRange.count;
            });
        flags |= BUFRS_CAPTURED_EFFECTS_KNOWN;
      }
      info.effects = effectRange;
      if (traits & BUFRS_TRAIT_REGION_BRANCH) {
        bool known = false;
        BufrsRange range =
            addEdges(opId, bufrs::forEachEntryEdge, op, known, nullptr);
        if (known) {
          flags |= BUFRS_CAPTURED_REGION_BRANCH;
          info.entry_edges = range;
        }
      }
      if (flags & BUFRS_CAPTURED_TERMINATOR) {
        if (parentBlock != BUFRS_NONE) {
          uint32_t parent = regions[blocks[parentBlock].region].parent_op;
          bool known = false;
          int32_t first = -1;
          BufrsRange range = addEdges(parent, bufrs::forEachTerminatorEdge, op,
                                      known, &first);
          if (known) {
            info.terminator_edges = range;
            info.terminator_operand_start = first;
          }
        }
        recordSuccessors(op, opId, facts.branch);
      }
      if (facts.viewLike)
        info.view_source =
            id(ViewLikeOpInterface(op, facts.viewLike).getViewSource());
      if (facts.attributes == bufrs::NameFacts::BoolConstant) {
        if (op->getNumResults() == 1) {
          auto type = dyn_cast<IntegerType>(op->getResult(0).getType());
          auto value = dyn_cast_or_null<IntegerAttr>(op->getAttr("value"));
          if (type && type.getWidth() == 1 && value) {
            flags |= BUFRS_CAPTURED_CONSTANT_BOOL;
            info.constant_bool = value.getInt() != 0;
          }
        }
      } else if (facts.attributes == bufrs::NameFacts::IntegerCompare) {
        if (auto predicate =
                dyn_cast_or_null<IntegerAttr>(op->getAttr("predicate"))) {
          flags |= BUFRS_CAPTURED_CMPI;
          info.cmpi_predicate = predicate.getInt();
        }
      }
      info.flags = flags;
    }
  }

  void recordSuccessors(Operation *op, uint32_t opId,
                        BranchOpInterface::Concept *branchConcept) {
    BufrsRange range{static_cast<uint32_t>(successors.size()), 0};
    if (op->getNumSuccessors() == 0) {
      ops[opId].successors = range;
      return;
    }
    BranchOpInterface branch(branchConcept ? op : nullptr, branchConcept);
    for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
      uint32_t target = blockIds.lookup(op->getSuccessor(i));
      if (target == BUFRS_NONE)
        continue;
      BufrsCapturedSuccessor successor{};
      successor.index = i;
      successor.block = target;
      successor.first_operand_index = -1;
      if (branch) {
        SuccessorOperands operands = branch.getSuccessorOperands(i);
        OperandRange forwarded = operands.getForwardedOperands();
        successor.mapping_known = true;
        successor.produced = operands.getProducedOperandCount();
        successor.first_operand_index =
            forwarded.empty()
                ? -1
                : static_cast<int32_t>(forwarded.getBeginOperandIndex());
        successor.forwarded = idsOf(forwarded);
      } else {
        successor.forwarded = {static_cast<uint32_t>(ids.size()), 0};
      }
      successors.push_back(successor);
      ++range.count;
    }
    ops[opId].successors = range;
  }
};

} // namespace

/* Captures kept for reuse on this thread: a pass captures one function
 * after another, and reused arrays and map buckets need not grow again.
 * Captures of large bodies are not kept (their memory is returned). */
static thread_local std::vector<std::unique_ptr<Capture>> capturePool;
static constexpr size_t kPooledCaptureMaxOps = 1 << 16;
static constexpr size_t kPooledCaptures = 4;

extern "C" void bufrsShimCapture(MlirOperation root, BufrsCapture *out) {
  Capture *capture;
  if (capturePool.empty()) {
    capture = new Capture();
  } else {
    capture = capturePool.back().release();
    capturePool.pop_back();
  }
  capture->reset();
  capture->addOp(unwrap(root), BUFRS_NONE, 0);
  capture->recordOperands();
  capture->recordFacts();
  // The root's results: the values its body uses from outside.
  BufrsRange rootResults{static_cast<uint32_t>(capture->ids.size()),
                         static_cast<uint32_t>(capture->external.size())};
  capture->ids.insert(capture->ids.end(), capture->external.begin(),
                      capture->external.end());
  capture->ops[0].results = rootResults;
  out->ops = capture->ops.data();
  out->num_ops = static_cast<intptr_t>(capture->ops.size());
  out->blocks = capture->blocks.data();
  out->num_blocks = static_cast<intptr_t>(capture->blocks.size());
  out->regions = capture->regions.data();
  out->num_regions = static_cast<intptr_t>(capture->regions.size());
  out->values = capture->values.data();
  out->num_values = static_cast<intptr_t>(capture->values.size());
  out->effects = capture->effects.data();
  out->num_effects = static_cast<intptr_t>(capture->effects.size());
  out->edges = capture->edges.data();
  out->num_edges = static_cast<intptr_t>(capture->edges.size());
  out->successors = capture->successors.data();
  out->num_successors = static_cast<intptr_t>(capture->successors.size());
  out->ids = capture->ids.data();
  out->num_ids = static_cast<intptr_t>(capture->ids.size());
  out->names = capture->names.data();
  out->num_names = static_cast<intptr_t>(capture->names.size());
  out->storage = capture;
}

extern "C" void bufrsShimCaptureFree(BufrsCapture *capture) {
  std::unique_ptr<Capture> owned(static_cast<Capture *>(capture->storage));
  capture->storage = nullptr;
  if (owned && owned->ops.capacity() <= kPooledCaptureMaxOps &&
      capturePool.size() < kPooledCaptures)
    capturePool.push_back(std::move(owned));
}

/* How many Allocate effects that `accept` accepts the ops nested in `root`
 * that `where` accepts declare, counting up to `limit` (the walk stops
 * there). */
static intptr_t countAllocationsWhere(
    Operation *root, llvm::function_ref<bool(Operation *)> where,
    llvm::function_ref<bool(const MemoryEffects::EffectInstance &)> accept,
    intptr_t limit) {
  intptr_t count = 0;
  root->walk([&](Operation *op) {
    if (!where(op))
      return WalkResult::advance();
    auto iface = dyn_cast<MemoryEffectOpInterface>(op);
    if (!iface)
      return WalkResult::advance();
    SmallVector<MemoryEffects::EffectInstance> effects;
    iface.getEffects(effects);
    for (const MemoryEffects::EffectInstance &effect : effects)
      if (isa<MemoryEffects::Allocate>(effect.getEffect()) && accept(effect) &&
          ++count >= limit)
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return count;
}

/* Whether a return-like terminator (a function's return, a region's yield)
 * takes `value` as an operand: merge-alloc merges no such buffer. */
static bool returnedDirectly(Value value) {
  return llvm::any_of(value.getUsers(), [](Operation *user) {
    return user->hasTrait<OpTrait::IsTerminator>() &&
           user->hasTrait<OpTrait::ReturnLike>();
  });
}


/// Whether an allocation effect counts toward merge-alloc's pre-capture
/// counts: on the stack (automatic-allocation-scope) resource or not, as
/// `stack` says, of no value or of a memref (of static shape with
/// `staticOnly`) not handed straight to a return-like terminator.
static bool mayMergeAllocation(const MemoryEffects::EffectInstance &effect,
                               bool stack, bool staticOnly) {
  if (isa<SideEffects::AutomaticAllocationScopeResource>(
          effect.getResource()) != stack)
    return false;
  Value value = effect.getValue();
  if (!value)
    return true;
  auto type = dyn_cast<MemRefType>(value.getType());
  return type && (!staticOnly || type.hasStaticShape()) &&
         !returnedDirectly(value);
}

/* Heap (not automatic-allocation-scope) allocations of a memref of static
 * shape, or of no value (which may be anything), up to `limit`. */
extern "C" intptr_t bufrsShimCountHeapAllocations(MlirOperation root,
                                                  intptr_t limit,
                                                  bool staticOnly) {
  return countAllocationsWhere(
      unwrap(root), [](Operation *) { return true; },
      [staticOnly](const MemoryEffects::EffectInstance &effect) {
        return mayMergeAllocation(effect, /*stack=*/false, staticOnly);
      },
      limit);
}

/* Stack (automatic-allocation-scope) allocations of a memref of static
 * shape, or of no value, up to `limit`. */
extern "C" intptr_t bufrsShimCountStackAllocations(MlirOperation root,
                                                   intptr_t limit) {
  return countAllocationsWhere(
      unwrap(root), [](Operation *) { return true; },
      [](const MemoryEffects::EffectInstance &effect) {
        return mayMergeAllocation(effect, /*stack=*/true, /*staticOnly=*/true);
      },
      limit);
}

extern "C" bool bufrsShimMayOwnOrFreeBuffers(MlirOperation rootHandle) {
  Operation *root = unwrap(rootHandle);
  return root
      ->walk([&](Operation *op) {
        if (op == root)
          return WalkResult::advance();
        if (isa<CallOpInterface>(op))
          return WalkResult::interrupt();
        auto iface = dyn_cast<MemoryEffectOpInterface>(op);
        if (!iface)
          return op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                     ? WalkResult::advance()
                     : WalkResult::interrupt();
        SmallVector<MemoryEffects::EffectInstance> effects;
        iface.getEffects(effects);
        for (const MemoryEffects::EffectInstance &effect : effects)
          if (isa<MemoryEffects::Allocate, MemoryEffects::Free>(
                  effect.getEffect()))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

