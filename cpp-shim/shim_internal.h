//===- shim_internal.h - queries shared by the shim's C ABI functions -----===//
//
// The interface queries of interfaces.cpp as C++ functions, so that the
// one-walk capture (capture.cpp) asks MLIR exactly what the single-op C
// functions ask, without a C round trip per item. Not part of the C ABI.
//
//===----------------------------------------------------------------------===//

#ifndef BUFRS_SHIM_INTERNAL_H
#define BUFRS_SHIM_INTERNAL_H

#include "bufrs_shim.h"

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"

namespace bufrs {

/* The BUFRS_TRAIT_* bits of `op` (bufrsShimOpTraits). */
uint32_t opTraits(mlir::Operation *op);

/* Whether the op defining `value` declares an Allocate effect on it (the
 * walks before a capture count it as an allocation where the snapshot's
 * effects would). */
inline bool declaresAllocationOf(mlir::Value value) {
  mlir::Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  auto iface = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(def);
  if (!iface)
    return false;
  llvm::SmallVector<mlir::MemoryEffects::EffectInstance, 4> effects;
  iface.getEffects(effects);
  return llvm::any_of(
      effects, [&](const mlir::MemoryEffects::EffectInstance &e) {
        return llvm::isa<mlir::MemoryEffects::Allocate>(e.getEffect()) &&
               e.getValue() == value;
      });
}

/* What the capture asks of an op that depends on its name only: its traits,
 * the interface implementations (concepts) it calls through, and whether it
 * is one of the two ops whose attributes the capture reads. The concepts of
 * a name are MLIR's own (OpInterface::getInterfaceFor reads the name and its
 * dialect only); keeping them saves the two interface-map searches a
 * dyn_cast costs per op. */
struct NameFacts {
  uint32_t traits = 0;
  mlir::MemoryEffectOpInterface::Concept *memoryEffects = nullptr;
  mlir::ViewLikeOpInterface::Concept *viewLike = nullptr;
  mlir::BranchOpInterface::Concept *branch = nullptr;
  enum Attributes : uint8_t { None, BoolConstant, IntegerCompare } attributes =
      None;
  /* The index of the name in the names of the capture `capture` (a capture
   * numbers the distinct names it meets; 0: none yet). */
  uint64_t capture = 0;
  uint32_t indexInCapture = 0;
};

/* opTraits and the other NameFacts per OperationName (its address), kept
 * across the captures of one pass instance: a name's traits and interfaces are fixed while a pipeline
 * runs (interfaces attach when a dialect loads, and a pass manager run
 * re-initializes its passes when the context's registry changed). The pass
 * running on this thread installs its cache (TraitsCacheScope); captures
 * outside a pass use a cache of their own. */
struct TraitsCache {
  llvm::DenseMap<void *, NameFacts> byName;
  uint32_t traitsOf(mlir::Operation *op) { return factsOf(op).traits; }
  /* The facts of `op`'s name, asked of MLIR once per name. */
  NameFacts &factsOf(mlir::Operation *op);
  /* bufrsShimElementSizeInBits per (closest data-layout op, type), for one
   * run of the pass on one op only (TraitsCacheScope clears it): layouts do
   * not change while a pass runs, but a later run may meet other ops at the
   * same addresses. */
  llvm::DenseMap<std::pair<const void *, const void *>, int64_t> elementBits;
};

/* The cache of the bufrs pass running on this thread, or nullptr. */
TraitsCache *currentTraitsCache();

/* Installs `cache` as this thread's current cache while in scope. */
class TraitsCacheScope {
public:
  explicit TraitsCacheScope(TraitsCache *cache);
  ~TraitsCacheScope();
  TraitsCacheScope(const TraitsCacheScope &) = delete;
  TraitsCacheScope &operator=(const TraitsCacheScope &) = delete;

private:
  TraitsCache *previous;
};

using EffectCallback =
    llvm::function_ref<void(BufrsEffectKind, mlir::Value, bool automatic)>;

/* Calls `onEffect` per MemoryEffectOpInterface effect of `op`; false when
 * the op lacks the interface (bufrsShimGetMemoryEffects). */
bool forEachEffect(mlir::Operation *op, EffectCallback onEffect);

/* The same, through an interface already at hand. */
void forEachEffectOf(mlir::MemoryEffectOpInterface iface,
                     EffectCallback onEffect);

using EdgeCallback = llvm::function_ref<void(const mlir::RegionSuccessor &,
                                             mlir::OperandRange forwarded)>;

/* Region-branch entry edges (bufrsShimRegionBranchEntryEdges). */
bool forEachEntryEdge(mlir::Operation *op, EdgeCallback onEdge);

/* A region terminator's edges (bufrsShimRegionTerminatorEdges). */
bool forEachTerminatorEdge(mlir::Operation *terminator, EdgeCallback onEdge);

} // namespace bufrs

#endif // BUFRS_SHIM_INTERNAL_H
