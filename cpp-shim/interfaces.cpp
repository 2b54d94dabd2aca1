//===- interfaces.cpp - MLIR interface queries the C API lacks ------------===//
//
// Each function answers one question about an op through an MLIR interface or
// trait, so that bufrs's Rust passes stay generic over dialects. Nothing here
// names a dialect op. Functions return a documented "not applicable" value
// (-1, null, false) instead of asserting when the op lacks the interface.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "shim_internal.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Bufferization/IR/AllocationOpInterface.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

//===----------------------------------------------------------------------===//
// Traits and kinds
//===----------------------------------------------------------------------===//

extern "C" uint32_t bufrsShimOpTraits(MlirOperation opHandle) {
  Operation *op = unwrap(opHandle);
  if (bufrs::TraitsCache *cache = bufrs::currentTraitsCache())
    return cache->traitsOf(op);
  return bufrs::opTraits(op);
}

uint32_t bufrs::opTraits(Operation *op) {
  uint32_t bits = 0;
  auto set = [&](bool condition, uint32_t bit) {
    if (condition)
      bits |= bit;
  };
  set(op->isRegistered(), BUFRS_TRAIT_REGISTERED);
  set(op->hasTrait<OpTrait::IsTerminator>(), BUFRS_TRAIT_TERMINATOR);
  set(op->hasTrait<OpTrait::ReturnLike>(), BUFRS_TRAIT_RETURN_LIKE);
  set(op->hasTrait<OpTrait::AutomaticAllocationScope>(),
      BUFRS_TRAIT_AUTOMATIC_ALLOCATION_SCOPE);
  set(op->hasTrait<OpTrait::IsIsolatedFromAbove>(),
      BUFRS_TRAIT_ISOLATED_FROM_ABOVE);
  set(op->hasTrait<OpTrait::HasRecursiveMemoryEffects>(),
      BUFRS_TRAIT_RECURSIVE_MEMORY_EFFECTS);
  set(isa<RegionBranchOpInterface>(op), BUFRS_TRAIT_REGION_BRANCH);
  set(isa<RegionBranchTerminatorOpInterface>(op),
      BUFRS_TRAIT_REGION_BRANCH_TERMINATOR);
  set(isa<BranchOpInterface>(op), BUFRS_TRAIT_BRANCH);
  set(isa<ViewLikeOpInterface>(op), BUFRS_TRAIT_VIEW_LIKE);
  set(isa<LoopLikeOpInterface>(op), BUFRS_TRAIT_LOOP_LIKE);
  set(isa<CallOpInterface>(op), BUFRS_TRAIT_CALL);
  set(isa<bufferization::AllocationOpInterface>(op),
      BUFRS_TRAIT_ALLOCATION_OP);
  set(isa<MemoryEffectOpInterface>(op), BUFRS_TRAIT_MEMORY_EFFECTS);
  set(isa<FunctionOpInterface>(op), BUFRS_TRAIT_FUNCTION_LIKE);
  set(isa<CastOpInterface>(op), BUFRS_TRAIT_CAST);
  set(op->hasTrait<OpTrait::HasParallelRegion>(), BUFRS_TRAIT_PARALLEL_REGION);
  return bits;
}

namespace {
thread_local bufrs::TraitsCache *currentCache = nullptr;
} // namespace

namespace {
/* An op interface's implementation for `op` (OpInterface::getInterfaceFor is
 * protected; a derived class may name it). */
template <typename Iface>
struct ConceptOf : Iface {
  static typename Iface::Concept *get(Operation *op) {
    return Iface::getInterfaceFor(op);
  }
};
} // namespace

bufrs::NameFacts &bufrs::TraitsCache::factsOf(Operation *op) {
  void *key = op->getName().getAsOpaquePointer();
  auto [found, inserted] = byName.try_emplace(key);
  // The registered bit is rechecked: a name registered since (its dialect
  // loaded) gets its traits again.
  if (!inserted &&
      bool(found->second.traits & BUFRS_TRAIT_REGISTERED) == op->isRegistered())
    return found->second;
  NameFacts &facts = found->second;
  facts.traits = opTraits(op);
  facts.memoryEffects = ConceptOf<MemoryEffectOpInterface>::get(op);
  facts.viewLike = ConceptOf<ViewLikeOpInterface>::get(op);
  facts.branch = ConceptOf<BranchOpInterface>::get(op);
  StringRef name = op->getName().getStringRef();
  facts.attributes = name == "arith.constant" ? NameFacts::BoolConstant
                     : name == "arith.cmpi"   ? NameFacts::IntegerCompare
                                              : NameFacts::None;
  return facts;
}

bufrs::TraitsCache *bufrs::currentTraitsCache() { return currentCache; }

bufrs::TraitsCacheScope::TraitsCacheScope(TraitsCache *cache)
    : previous(currentCache) {
  currentCache = cache;
}

bufrs::TraitsCacheScope::~TraitsCacheScope() {
  if (currentCache)
    currentCache->elementBits.clear();
  currentCache = previous;
}

extern "C" bool bufrsShimRegionHasSsaDominance(MlirRegion region) {
  return mayHaveSSADominance(*unwrap(region));
}

extern "C" int64_t bufrsShimElementSizeInBits(MlirOperation scope,
                                              MlirType typeHandle) {
  Type type = unwrap(typeHandle);
  auto isScalar = [](Type t) {
    return isa<IntegerType, FloatType, IndexType>(t);
  };
  bool sized = isScalar(type);
  if (auto complex = dyn_cast<ComplexType>(type))
    sized = isScalar(complex.getElementType());
  if (auto vector = dyn_cast<VectorType>(type))
    sized = !vector.isScalable() && isScalar(vector.getElementType());
  if (!sized)
    return -1;
  // The op whose layout DataLayout::closest uses: building a DataLayout per
  // allocation was most of this function, so sizes are kept per layout op
  // while a pass runs on one op.
  Operation *layoutOp = unwrap(scope);
  while (layoutOp && !isa<ModuleOp, DataLayoutOpInterface>(layoutOp))
    layoutOp = layoutOp->getParentOp();
  bufrs::TraitsCache *cache = bufrs::currentTraitsCache();
  std::pair<const void *, const void *> key{layoutOp,
                                            type.getAsOpaquePointer()};
  if (cache) {
    auto found = cache->elementBits.find(key);
    if (found != cache->elementBits.end())
      return found->second;
  }
  DataLayout layout = DataLayout::closest(unwrap(scope));
  // Storage size: what one element occupies in a memref (i1 takes a byte).
  int64_t bits =
      static_cast<int64_t>(layout.getTypeSize(type).getFixedValue()) * 8;
  if (cache)
    cache->elementBits[key] = bits;
  return bits;
}

//===----------------------------------------------------------------------===//
// Memory effects
//===----------------------------------------------------------------------===//

bool bufrs::forEachEffect(Operation *op, EffectCallback onEffect) {
  auto iface = dyn_cast<MemoryEffectOpInterface>(op);
  if (!iface)
    return false;
  forEachEffectOf(iface, onEffect);
  return true;
}

void bufrs::forEachEffectOf(MemoryEffectOpInterface iface,
                            EffectCallback onEffect) {
  SmallVector<MemoryEffects::EffectInstance, 4> effects;
  iface.getEffects(effects);
  for (const MemoryEffects::EffectInstance &effect : effects) {
    BufrsEffectKind kind;
    if (isa<MemoryEffects::Allocate>(effect.getEffect()))
      kind = BufrsEffectKind_Allocate;
    else if (isa<MemoryEffects::Free>(effect.getEffect()))
      kind = BufrsEffectKind_Free;
    else if (isa<MemoryEffects::Read>(effect.getEffect()))
      kind = BufrsEffectKind_Read;
    else
      kind = BufrsEffectKind_Write;
    onEffect(kind, effect.getValue(),
             isa<SideEffects::AutomaticAllocationScopeResource>(
                 effect.getResource()));
  }
}

extern "C" intptr_t bufrsShimGetMemoryEffects(MlirOperation opHandle,
                                              BufrsEffect *out,
                                              intptr_t capacity) {
  intptr_t count = 0;
  bool known = bufrs::forEachEffect(
      unwrap(opHandle), [&](BufrsEffectKind kind, Value value, bool automatic) {
        if (count < capacity) {
          out[count].kind = kind;
          out[count].value = wrap(value);
          out[count].on_automatic_allocation_scope = automatic;
        }
        ++count;
      });
  return known ? count : -1;
}

//===----------------------------------------------------------------------===//
// Control flow
//===----------------------------------------------------------------------===//

extern "C" intptr_t bufrsShimBranchSuccessorOperands(MlirOperation opHandle,
                                                     intptr_t index,
                                                     MlirValue *out,
                                                     intptr_t capacity,
                                                     int32_t *produced,
                                                     int32_t *firstOperandIndex) {
  Operation *op = unwrap(opHandle);
  auto branch = dyn_cast<BranchOpInterface>(op);
  if (!branch || index < 0 ||
      index >= static_cast<intptr_t>(op->getNumSuccessors()))
    return -1;
  SuccessorOperands operands = branch.getSuccessorOperands(index);
  *produced = static_cast<int32_t>(operands.getProducedOperandCount());
  OperandRange forwarded = operands.getForwardedOperands();
  *firstOperandIndex =
      forwarded.empty() ? -1
                        : static_cast<int32_t>(forwarded.getBeginOperandIndex());
  intptr_t count = 0;
  for (Value value : forwarded) {
    if (count < capacity)
      out[count] = wrap(value);
    ++count;
  }
  return count;
}

bool bufrs::forEachEntryEdge(Operation *op, EdgeCallback onEdge) {
  auto branch = dyn_cast<RegionBranchOpInterface>(op);
  if (!branch)
    return false;
  SmallVector<RegionSuccessor> successors;
  branch.getSuccessorRegions(RegionBranchPoint::parent(), successors);
  // A loop whose static trip count is positive enters its body: the edge
  // from the op to its own results (no iteration) is never taken.
  auto loop = dyn_cast<LoopLikeOpInterface>(op);
  std::optional<APInt> trips = loop ? loop.getStaticTripCount() : std::nullopt;
  bool entersBody = trips && !trips->isZero();
  for (const RegionSuccessor &successor : successors) {
    if (entersBody && successor.isParent())
      continue;
    onEdge(successor, branch.getEntrySuccessorOperands(successor));
  }
  return true;
}

bool bufrs::forEachTerminatorEdge(Operation *term, EdgeCallback onEdge) {
  Region *region = term->getParentRegion();
  if (!region)
    return false;
  auto parent = dyn_cast_or_null<RegionBranchOpInterface>(region->getParentOp());
  if (!parent)
    return false;
  SmallVector<RegionSuccessor> successors;
  if (auto terminator = dyn_cast<RegionBranchTerminatorOpInterface>(term)) {
    parent.getSuccessorRegions(RegionBranchPoint(terminator), successors);
    for (const RegionSuccessor &successor : successors)
      onEdge(successor, terminator.getSuccessorOperands(successor));
    return true;
  }
  if (term->hasTrait<OpTrait::ReturnLike>()) {
    parent.getSuccessorRegions(*region, successors);
    for (const RegionSuccessor &successor : successors)
      onEdge(successor, term->getOperands());
    return true;
  }
  return false;
}

/* Hands one edge to a C callback. */
static void reportEdge(BufrsEdgeFn onEdge, void *userData,
                       const RegionSuccessor &successor,
                       OperandRange forwarded) {
  SmallVector<MlirValue> fwd, inputs;
  for (Value v : forwarded)
    fwd.push_back(wrap(v));
  for (Value v : successor.getSuccessorInputs())
    inputs.push_back(wrap(v));
  int32_t target = successor.isParent()
                       ? -1
                       : static_cast<int32_t>(
                             successor.getSuccessor()->getRegionNumber());
  int32_t first = forwarded.empty()
                      ? -1
                      : static_cast<int32_t>(forwarded.getBeginOperandIndex());
  onEdge(userData, target, fwd.data(), static_cast<intptr_t>(fwd.size()), first,
         inputs.data(), static_cast<intptr_t>(inputs.size()));
}

extern "C" bool bufrsShimRegionBranchEntryEdges(MlirOperation opHandle,
                                                BufrsEdgeFn onEdge,
                                                void *userData) {
  return bufrs::forEachEntryEdge(
      unwrap(opHandle),
      [&](const RegionSuccessor &successor, OperandRange forwarded) {
        reportEdge(onEdge, userData, successor, forwarded);
      });
}

extern "C" bool bufrsShimRegionTerminatorEdges(MlirOperation termHandle,
                                               BufrsEdgeFn onEdge,
                                               void *userData) {
  return bufrs::forEachTerminatorEdge(
      unwrap(termHandle),
      [&](const RegionSuccessor &successor, OperandRange forwarded) {
        reportEdge(onEdge, userData, successor, forwarded);
      });
}

extern "C" MlirValue bufrsShimViewSource(MlirOperation opHandle) {
  if (auto view = dyn_cast<ViewLikeOpInterface>(unwrap(opHandle)))
    return wrap(view.getViewSource());
  return MlirValue{nullptr};
}

extern "C" MlirStringRef bufrsShimCallCallee(MlirOperation opHandle) {
  auto call = dyn_cast<CallOpInterface>(unwrap(opHandle));
  if (!call)
    return mlirStringRefCreate(nullptr, 0);
  auto symbol = dyn_cast<SymbolRefAttr>(call.getCallableForCallee());
  if (!symbol)
    return mlirStringRefCreate(nullptr, 0);
  StringRef name = symbol.getRootReference().getValue();
  return mlirStringRefCreate(name.data(), name.size());
}

//===----------------------------------------------------------------------===//
// AllocationOpInterface
//===----------------------------------------------------------------------===//

static OpBuilder builderAt(Operation *anchor, MlirBlock block,
                           MlirOperation before) {
  OpBuilder builder(anchor->getContext());
  if (!mlirOperationIsNull(before))
    builder.setInsertionPoint(unwrap(before));
  else
    builder.setInsertionPointToEnd(unwrap(block));
  return builder;
}

extern "C" int32_t bufrsShimHoistingKind(MlirOperation allocOp) {
  auto alloc = dyn_cast<bufferization::AllocationOpInterface>(unwrap(allocOp));
  if (!alloc)
    return -1;
  return static_cast<int32_t>(alloc.getHoistingKind());
}

extern "C" MlirOperation bufrsShimBuildDealloc(MlirOperation allocOp,
                                               MlirValue value,
                                               MlirBlock block,
                                               MlirOperation before) {
  auto alloc = dyn_cast<bufferization::AllocationOpInterface>(unwrap(allocOp));
  if (!alloc)
    return MlirOperation{nullptr};
  OpBuilder builder = builderAt(alloc, block, before);
  std::optional<Operation *> dealloc =
      alloc.buildDealloc(builder, unwrap(value));
  return wrap(dealloc ? *dealloc : nullptr);
}

extern "C" MlirValue bufrsShimBuildClone(MlirOperation allocOp,
                                         MlirValue value, MlirBlock block,
                                         MlirOperation before) {
  auto alloc = dyn_cast<bufferization::AllocationOpInterface>(unwrap(allocOp));
  if (!alloc)
    return MlirValue{nullptr};
  OpBuilder builder = builderAt(alloc, block, before);
  std::optional<Value> clone = alloc.buildClone(builder, unwrap(value));
  return wrap(clone ? *clone : Value());
}

extern "C" MlirOperation bufrsShimBuildPromotedAlloc(MlirOperation allocOp,
                                                     MlirValue value,
                                                     MlirBlock block,
                                                     MlirOperation before) {
  auto alloc = dyn_cast<bufferization::AllocationOpInterface>(unwrap(allocOp));
  if (!alloc)
    return MlirOperation{nullptr};
  OpBuilder builder = builderAt(alloc, block, before);
  std::optional<Operation *> promoted =
      alloc.buildPromotedAlloc(builder, unwrap(value));
  return wrap(promoted ? *promoted : nullptr);
}

extern "C" intptr_t bufrsShimSymbolUseCount(MlirOperation symbolOp,
                                            MlirOperation fromOp) {
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(unwrap(symbolOp), unwrap(fromOp));
  if (!uses)
    return -1;
  return static_cast<intptr_t>(std::distance(uses->begin(), uses->end()));
}

extern "C" bool bufrsShimForEachSymbolUse(MlirOperation fromOp,
                                          void (*callback)(MlirStringRef,
                                                           void *),
                                          void *userData) {
  // The regions of `from`, not `from` itself: the op form stops at a
  // symbol table, which `from` (a module) is.
  for (Region &region : unwrap(fromOp)->getRegions()) {
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(&region);
    if (!uses)
      return false;
    for (const SymbolTable::SymbolUse &use : *uses)
      callback(wrap(use.getSymbolRef().getRootReference().getValue()),
               userData);
  }
  return true;
}

extern "C" bool bufrsShimIsPlainCopyOp(MlirContext context,
                                       MlirStringRef name) {
  std::optional<RegisteredOperationName> info =
      RegisteredOperationName::lookup(unwrap(name), unwrap(context));
  return info && info->hasInterface<MemoryEffectOpInterface>() &&
         info->hasTrait<OpTrait::NOperands<2>::Impl>() &&
         info->hasTrait<OpTrait::ZeroRegions>() &&
         info->hasTrait<OpTrait::ZeroResults>();
}

extern "C" bool bufrsShimDenseResourceBlob(MlirAttribute attr,
                                           const void **data, size_t *size,
                                           size_t *alignment) {
  auto resource = llvm::dyn_cast_or_null<DenseResourceElementsAttr>(unwrap(attr));
  if (!resource)
    return false;
  AsmResourceBlob *blob = resource.getRawHandle().getBlob();
  if (!blob)
    return false;
  ArrayRef<char> bytes = blob->getData();
  *data = bytes.data();
  *size = bytes.size();
  *alignment = blob->getDataAlignment();
  return true;
}

extern "C" MlirAttribute bufrsShimDenseResourceElementsGet(
    MlirType type, MlirStringRef name, const void *data, size_t size,
    size_t alignment) {
  auto shaped = llvm::dyn_cast<ShapedType>(unwrap(type));
  if (!shaped)
    return MlirAttribute{nullptr};
  AsmResourceBlob blob = HeapAsmResourceBlob::allocateAndCopyWithAlign(
      ArrayRef<char>(static_cast<const char *>(data), size), alignment);
  return wrap(DenseResourceElementsAttr::get(shaped, unwrap(name),
                                             std::move(blob)));
}
