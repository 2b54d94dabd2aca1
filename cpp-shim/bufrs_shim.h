/*
 * bufrs_shim.h - the C ABI between bufrs's Rust passes and MLIR's C++.
 *
 * MLIR's C API lacks what bufrs needs in three places: pass options (an
 * external pass cannot carry Pass::Option members), interface queries
 * (memory effects, region control flow, views, allocation ops) and rich
 * diagnostics (warnings, remarks, attached notes). This header is that gap,
 * and nothing more. bindgen turns it into Rust declarations (src/ffi.rs); all
 * MLIR handle types are the C API's own (mlir-c/IR.h), shared with mlir-sys.
 *
 * Conventions: functions never throw or abort on bad input; a query on an op
 * that lacks the interface returns a "not applicable" value documented on
 * each function. Variable-length results are written to caller buffers
 * (returning the full count, so the caller can retry with a larger buffer) or
 * reported through a callback that must not unwind.
 */
#ifndef BUFRS_SHIM_H
#define BUFRS_SHIM_H

#include "mlir-c/IR.h"
#include "mlir-c/Pass.h"
#include "mlir-c/Support.h"

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*===-------------------------- passes and options -------------------------===*/

/* The kind of a pass option; the shim creates the matching Pass::Option. */
typedef enum BufrsOptionKind {
  BufrsOptionKind_Bool = 0,
  BufrsOptionKind_Int = 1,
  BufrsOptionKind_String = 2,
  BufrsOptionKind_IntList = 3,
  BufrsOptionKind_StringList = 4,
} BufrsOptionKind;

/* One option of a pass, as declared in Rust's pass table. Lists start empty. */
typedef struct BufrsOptionSpec {
  const char *name; /* e.g. "max-alloc-size-in-bytes" */
  const char *help;
  BufrsOptionKind kind;
  bool default_bool;
  int64_t default_int;
  const char *default_string;
} BufrsOptionSpec;

/* The value of one option when the pass runs (valid during the run only). */
typedef struct BufrsOptionValue {
  BufrsOptionKind kind;
  bool bool_value;
  int64_t int_value;
  MlirStringRef string_value;
  const int64_t *int_list;
  const MlirStringRef *string_list;
  intptr_t list_len;
} BufrsOptionValue;

/* Which ops a pass may be scheduled on. */
typedef enum BufrsAnchorKind {
  /* Any op (mlir-opt nests it wherever the pipeline says). */
  BufrsAnchorKind_Any = 0,
  /* Only ops named `anchor_op_name`, e.g. "func.func". */
  BufrsAnchorKind_OpName = 1,
  /* Ops implementing FunctionOpInterface. */
  BufrsAnchorKind_FunctionLike = 2,
} BufrsAnchorKind;

/* How a run of a pass ended. */
typedef enum BufrsRunResult {
  /* The pass failed (after emitting a diagnostic). */
  BufrsRunResult_Failed = 0,
  /* The pass succeeded and may have changed the IR. */
  BufrsRunResult_Changed = 1,
  /* The pass succeeded without changing the op it ran on: MLIR keeps its
   * analyses and does not verify the op again after the pass. */
  BufrsRunResult_Unchanged = 2,
} BufrsRunResult;

/* Runs pass `pass_index` on `op`. Must not unwind. */
typedef BufrsRunResult (*BufrsRunFn)(uintptr_t pass_index, MlirOperation op,
                                     const BufrsOptionValue *values,
                                     intptr_t num_values);

/* Reports an error message (option parsing, unknown dependent dialects). */
typedef void (*BufrsErrorFn)(void *user_data, MlirStringRef message);

/* Checks the option values of pass `pass_index` against what each option
 * allows (ranges, powers of two, enumerations); returns false after calling
 * `on_error` once with a one-line message naming the option, the value and
 * what is allowed (without the pass name). Must not unwind. */
typedef bool (*BufrsValidateFn)(uintptr_t pass_index,
                                const BufrsOptionValue *values,
                                intptr_t num_values, BufrsErrorFn on_error,
                                void *user_data);

/* A pass, as declared in Rust's table. Must outlive every use (Rust leaks it). */
typedef struct BufrsPassDesc {
  const char *argument; /* e.g. "bufrs-promote-buffers-to-stack" */
  const char *summary;
  BufrsAnchorKind anchor;
  const char *anchor_op_name; /* for BufrsAnchorKind_OpName */
  const BufrsOptionSpec *options;
  intptr_t num_options;
  uintptr_t pass_index;
  BufrsRunFn run;
  /* Comma-separated dialect namespaces whose ops the pass creates (e.g.
   * "memref,bufferization,cf"); loaded before the pass runs. */
  const char *dependent_dialects;
  /* Validates option values: once per pass instance before a pass manager
   * runs (Pass::initialize) and when a pass is created with options. */
  BufrsValidateFn validate;
} BufrsPassDesc;

/* Calls `on_error` (if not null) once per dependent dialect of `desc` that
 * the shim cannot load; true when there is none. */
bool bufrsShimCheckDependentDialects(const BufrsPassDesc *desc,
                                     BufrsErrorFn on_error, void *user_data);

/* Registers the pass with MLIR's global pass registry (mlir-opt, --help,
 * textual pipelines). A pass naming a dependent dialect the shim does not
 * know is not registered: returns false after reporting it to `on_error`. */
bool bufrsShimRegisterPass(const BufrsPassDesc *desc, BufrsErrorFn on_error,
                           void *user_data);

/* Expands pipeline `pipeline_index` with its option values into a textual
 * pass pipeline (nested under whatever op the user anchors it on): calls
 * `on_text(text_data, text)` and returns true, or calls `on_text(error_data,
 * message)` (one line, without the pipeline name) and returns false. Must
 * not unwind. */
typedef bool (*BufrsExpandFn)(uintptr_t pipeline_index,
                              const BufrsOptionValue *values,
                              intptr_t num_values, BufrsErrorFn on_text,
                              void *text_data, void *error_data);

/* A named pipeline, as declared in Rust's table (leaked by Rust). Its
 * options are MLIR options like a pass's (pipeline syntax, --help). */
typedef struct BufrsPipelineDesc {
  const char *argument;
  const char *summary;
  const BufrsOptionSpec *options;
  intptr_t num_options;
  uintptr_t pipeline_index;
  BufrsExpandFn expand;
} BufrsPipelineDesc;

/* Registers a named pipeline with MLIR's global pass registry. */
void bufrsShimRegisterPipeline(const BufrsPipelineDesc *desc);

/* Creates the pass with options in pipeline syntax ("a=1 b=x"). Returns a
 * null pass (and calls `on_error`) when the options do not parse or a
 * dependent dialect is unknown. */
MlirPass bufrsShimCreatePass(const BufrsPassDesc *desc, MlirStringRef options,
                             BufrsErrorFn on_error, void *user_data);

/* Adds to `registry` the external interface models bufrs relies on that a
 * bare dialect registration lacks (AllocationOpInterface for memref.alloc and
 * memref.alloca), for contexts that embedders create themselves. mlir-opt
 * registers them already. */
void bufrsShimRegisterInterfaceModels(MlirDialectRegistry registry);

/* SymbolTable::getSymbolUses: how many uses of the symbol defined by
 * `symbol` are nested in `from` (-1 when unknown uses may exist, e.g. an op
 * with an unknown symbol table). */
intptr_t bufrsShimSymbolUseCount(MlirOperation symbol, MlirOperation from);

/* Calls `callback` with the root name of every symbol reference in the
 * regions of `from`, nested symbol tables excluded
 * (SymbolTable::getSymbolUses, one walk for all symbols). Returns
 * false, after no or some calls, when unknown uses may exist (an op with an
 * unknown symbol table). */
bool bufrsShimForEachSymbolUse(MlirOperation from,
                               void (*callback)(MlirStringRef root,
                                                void *userData),
                               void *userData);

/* Whether `name` is a registered op that can be built like memref.copy
 * from (source, target) alone: it has memory effects, exactly two operands,
 * no regions and no results. */
bool bufrsShimIsPlainCopyOp(MlirContext context, MlirStringRef name);

/* The blob of a dense_resource elements attribute: its bytes and their
 * alignment. Returns false when `attr` is not one or its blob is missing
 * (e.g. elided). */
bool bufrsShimDenseResourceBlob(MlirAttribute attr, const void **data,
                                size_t *size, size_t *alignment);

/* A dense_resource elements attribute of `type` (a shaped type) holding a
 * copy of `size` bytes at `data`, in a blob named after `name` (made unique)
 * and aligned to `alignment` bytes. */
MlirAttribute bufrsShimDenseResourceElementsGet(MlirType type,
                                                MlirStringRef name,
                                                const void *data, size_t size,
                                                size_t alignment);

/*===------------------------------ diagnostics ----------------------------===*/

typedef enum BufrsSeverity {
  BufrsSeverity_Error = 0,
  BufrsSeverity_Warning = 1,
  BufrsSeverity_Remark = 2,
} BufrsSeverity;

/* Emits a diagnostic at a location with notes attached at other locations
 * (note_locations[i] may be null for a note without location). At a
 * location, not an op: MLIR then attaches no "see current operation" note
 * (-mlir-print-op-on-diagnostic applies to diagnostics at ops only). */
void bufrsShimEmitDiagnosticAt(MlirLocation location, BufrsSeverity severity,
                               MlirStringRef message,
                               const MlirLocation *note_locations,
                               const MlirStringRef *note_messages,
                               intptr_t num_notes);

/*===---------------------------- traits and kinds -------------------------===*/

enum {
  BUFRS_TRAIT_TERMINATOR = 1u << 0,
  BUFRS_TRAIT_RETURN_LIKE = 1u << 1,
  BUFRS_TRAIT_AUTOMATIC_ALLOCATION_SCOPE = 1u << 2,
  BUFRS_TRAIT_ISOLATED_FROM_ABOVE = 1u << 3,
  BUFRS_TRAIT_RECURSIVE_MEMORY_EFFECTS = 1u << 4,
  BUFRS_TRAIT_REGION_BRANCH = 1u << 5,
  BUFRS_TRAIT_REGION_BRANCH_TERMINATOR = 1u << 6,
  BUFRS_TRAIT_BRANCH = 1u << 7,
  BUFRS_TRAIT_VIEW_LIKE = 1u << 8,
  BUFRS_TRAIT_LOOP_LIKE = 1u << 9,
  BUFRS_TRAIT_CALL = 1u << 10,
  BUFRS_TRAIT_ALLOCATION_OP = 1u << 11,
  BUFRS_TRAIT_MEMORY_EFFECTS = 1u << 12,
  BUFRS_TRAIT_FUNCTION_LIKE = 1u << 13,
  BUFRS_TRAIT_REGISTERED = 1u << 14,
  BUFRS_TRAIT_CAST = 1u << 15,
  BUFRS_TRAIT_PARALLEL_REGION = 1u << 16,
};

/* The BUFRS_TRAIT_* bits that hold for `op`. */
uint32_t bufrsShimOpTraits(MlirOperation op);

/* RegionKindInterface: false for graph regions. */
bool bufrsShimRegionHasSsaDominance(MlirRegion region);

/* The storage size of a memref element type in bits under the data layout in
 * scope at `scope`, or -1 when the type has no fixed byte size (e.g. a memref
 * of memrefs, an opaque type). */
int64_t bufrsShimElementSizeInBits(MlirOperation scope, MlirType type);

/*===---------------------------- memory effects ---------------------------===*/

typedef enum BufrsEffectKind {
  BufrsEffectKind_Allocate = 0,
  BufrsEffectKind_Free = 1,
  BufrsEffectKind_Read = 2,
  BufrsEffectKind_Write = 3,
} BufrsEffectKind;

typedef struct BufrsEffect {
  BufrsEffectKind kind;
  MlirValue value; /* null when the effect names no value */
  bool on_automatic_allocation_scope;
} BufrsEffect;

/* MemoryEffectOpInterface: writes up to `capacity` effects and returns how
 * many there are; -1 when the op does not implement the interface. */
intptr_t bufrsShimGetMemoryEffects(MlirOperation op, BufrsEffect *out,
                                   intptr_t capacity);

/*===----------------------------- control flow ----------------------------===*/

/* BranchOpInterface: the operands forwarded to successor `index` (up to
 * `capacity` written, full count returned), in `*produced` how many leading
 * successor arguments the terminator produces itself, and in
 * `*first_operand_index` the op operand index of the first forwarded operand
 * (-1 when there are none). Returns -1 when the op does not implement the
 * interface. */
intptr_t bufrsShimBranchSuccessorOperands(MlirOperation op, intptr_t index,
                                          MlirValue *out, intptr_t capacity,
                                          int32_t *produced,
                                          int32_t *first_operand_index);

/* One region-control-flow edge: to region `target_region` of the
 * region-branch op (-1: back to the op itself), carrying `forwarded` (the
 * forwarding op's operands from index `first_operand_index`, -1 when none or
 * not contiguous operands) into `inputs`. Must not unwind. */
typedef void (*BufrsEdgeFn)(void *user_data, int32_t target_region,
                            const MlirValue *forwarded, intptr_t num_forwarded,
                            int32_t first_operand_index,
                            const MlirValue *inputs, intptr_t num_inputs);

/* RegionBranchOpInterface: the edges from the op itself into its regions (or
 * straight to its results). Returns false when the op lacks the interface. */
bool bufrsShimRegionBranchEntryEdges(MlirOperation op, BufrsEdgeFn on_edge,
                                     void *user_data);

/* The edges a region terminator may take, when its parent implements
 * RegionBranchOpInterface. Uses RegionBranchTerminatorOpInterface when the
 * terminator has it; a ReturnLike terminator without it forwards all its
 * operands. Returns false when the edges are unknown. */
bool bufrsShimRegionTerminatorEdges(MlirOperation terminator,
                                    BufrsEdgeFn on_edge, void *user_data);

/* ViewLikeOpInterface: the viewed source; null when not a view. */
MlirValue bufrsShimViewSource(MlirOperation op);

/* CallOpInterface: the callee symbol (flat name), empty when indirect or not
 * a call. */
MlirStringRef bufrsShimCallCallee(MlirOperation op);

/*===--------------------------- structured ops ----------------------------===*/

/* linalg::LinalgOp (its DestinationStyleOpInterface and indexing maps):
 * whether `op` is a structured op on buffers whose loops are all parallel,
 * whose operand `input` is a DPS input and operand `init` a DPS init, both
 * accessed through one indexing map that is a permutation of the loops: each
 * iteration reads `input`'s element and writes `init`'s element at the same
 * position, and no two iterations touch the same element. 1 when so, 0 when
 * not, -1 when `op` is no LinalgOp. */
int32_t bufrsShimSamePointAccess(MlirOperation op, intptr_t input,
                                 intptr_t init);

/*===----------------------- AllocationOpInterface -------------------------===*/

/* HoistingKind bits (1: loop, 2: block); -1 without the interface. */
int32_t bufrsShimHoistingKind(MlirOperation alloc_op);

/* Builds, before `before` (or at the end of `block` when `before` is null),
 * a dealloc of `alloc` through `alloc_op`'s AllocationOpInterface. Returns the
 * new op, or null when the interface is missing or declines. */
MlirOperation bufrsShimBuildDealloc(MlirOperation alloc_op, MlirValue alloc,
                                    MlirBlock block, MlirOperation before);

/* Same, a clone of `alloc`; returns the clone's value or null. */
MlirValue bufrsShimBuildClone(MlirOperation alloc_op, MlirValue alloc,
                              MlirBlock block, MlirOperation before);

/* Same, a stack (promoted) allocation replacing `alloc`; returns the new op
 * or null. The caller replaces uses and erases the old op. */
MlirOperation bufrsShimBuildPromotedAlloc(MlirOperation alloc_op,
                                          MlirValue alloc, MlirBlock block,
                                          MlirOperation before);

/*===------------------------------- capture -------------------------------===*/

/* The whole body of an op in flat arrays, filled by one C++ walk (so that
 * Rust reads a function without one C API call per op, operand or interface
 * query). Ids are dense indices, assigned in the order bufrs's Snapshot
 * documents (src/ir/capture.rs): ops, regions, blocks and values in pre-order,
 * program order (a region's blocks and their arguments before its ops).
 * `BUFRS_NONE` marks an absent id. Lists of ids (operands, results, regions,
 * blocks, block arguments and ops, forwarded values) are ranges of `ids`. */

#define BUFRS_NONE 0xffffffffu

typedef struct BufrsRange {
  uint32_t begin;
  uint32_t count;
} BufrsRange;

enum {
  BUFRS_CAPTURED_TERMINATOR = 1u << 0,     /* IsTerminator, or unregistered and last in its block */
  BUFRS_CAPTURED_EFFECTS_KNOWN = 1u << 1,  /* MemoryEffectOpInterface */
  BUFRS_CAPTURED_REGION_BRANCH = 1u << 2,  /* entry edges known */
  BUFRS_CAPTURED_SSA_DOMINANCE = 1u << 3,  /* registered, regions have SSA dominance */
  BUFRS_CAPTURED_CONSTANT_BOOL = 1u << 4,  /* `constant_bool` holds an i1 constant's value */
  BUFRS_CAPTURED_CMPI = 1u << 5,           /* `cmpi_predicate` holds a predicate */
};

typedef struct BufrsCapturedOp {
  MlirOperation handle;
  uint32_t name;                 /* index into the capture's `names` */
  uint32_t traits;               /* BUFRS_TRAIT_* */
  uint32_t flags;                /* BUFRS_CAPTURED_* */
  uint32_t parent_block;         /* BUFRS_NONE for the root */
  uint32_t position;             /* in its block */
  BufrsRange operands;           /* value ids */
  BufrsRange results;            /* value ids (the root: values defined outside it) */
  BufrsRange regions;            /* region ids */
  BufrsRange effects;            /* into `effects` */
  BufrsRange entry_edges;        /* into `edges` */
  BufrsRange terminator_edges;   /* into `edges` */
  BufrsRange successors;         /* into `successors` */
  uint32_t view_source;          /* value id or BUFRS_NONE */
  int32_t terminator_operand_start; /* first forwarded operand of a region terminator, -1 */
  bool constant_bool;
  int64_t cmpi_predicate;
} BufrsCapturedOp;

typedef struct BufrsCapturedBlock {
  MlirBlock handle;
  uint32_t region;
  BufrsRange args; /* value ids */
  BufrsRange ops;  /* op ids */
} BufrsCapturedBlock;

typedef struct BufrsCapturedRegion {
  MlirRegion handle;
  uint32_t parent_op;
  uint32_t index_in_parent;
  BufrsRange blocks; /* block ids */
} BufrsCapturedRegion;

typedef enum BufrsValueKind {
  BufrsValueKind_Other = 0,
  BufrsValueKind_RankedMemRef = 1,
  BufrsValueKind_UnrankedMemRef = 2,
} BufrsValueKind;

typedef struct BufrsCapturedValue {
  MlirValue handle;
  BufrsValueKind kind;
  bool is_block_arg; /* else an op result */
  uint32_t owner;    /* block id or op id */
  uint32_t index;
} BufrsCapturedValue;

typedef struct BufrsCapturedEffect {
  BufrsEffectKind kind;
  uint32_t value; /* value id or BUFRS_NONE */
  bool on_automatic_allocation_scope;
} BufrsCapturedEffect;

typedef struct BufrsCapturedEdge {
  uint32_t target_region; /* region id, BUFRS_NONE: the parent op's results */
  BufrsRange forwarded;   /* value ids */
  BufrsRange inputs;      /* value ids */
  int32_t first_operand_index;
} BufrsCapturedEdge;

typedef struct BufrsCapturedSuccessor {
  uint32_t index; /* successor number of the terminator */
  uint32_t block;
  BufrsRange forwarded; /* value ids */
  uint32_t produced;
  bool mapping_known;   /* BranchOpInterface */
  int32_t first_operand_index;
} BufrsCapturedSuccessor;

/* The arrays of one capture, owned by the shim until bufrsShimCaptureFree. */
typedef struct BufrsCapture {
  const BufrsCapturedOp *ops;
  intptr_t num_ops;
  const BufrsCapturedBlock *blocks;
  intptr_t num_blocks;
  const BufrsCapturedRegion *regions;
  intptr_t num_regions;
  const BufrsCapturedValue *values;
  intptr_t num_values;
  const BufrsCapturedEffect *effects;
  intptr_t num_effects;
  const BufrsCapturedEdge *edges;
  intptr_t num_edges;
  const BufrsCapturedSuccessor *successors;
  intptr_t num_successors;
  const uint32_t *ids;
  intptr_t num_ids;
  /* The distinct op names of the body (each lives as long as the context). */
  const MlirStringRef *names;
  intptr_t num_names;
  void *storage;
} BufrsCapture;

/* Captures the body of `root` (op 0) into `out`. */
void bufrsShimCapture(MlirOperation root, BufrsCapture *out);

/* Releases the arrays of a capture. */
void bufrsShimCaptureFree(BufrsCapture *capture);

/* How many MemoryEffects::Allocate effects off the automatic allocation
 * scope (heap allocations) on a ranked memref (of static shape only, with
 * `staticOnly`) that no return-like terminator takes as an operand, or on
 * no value, the ops nested in `root` declare, counted up to `limit` (the
 * walk stops there): merge-alloc has nothing to merge in a body with fewer
 * than two (it merges no buffer a function returns or a region yields). */
intptr_t bufrsShimCountHeapAllocations(MlirOperation root, intptr_t limit,
                                       bool staticOnly);

/* The same for MemoryEffects::Allocate effects on the automatic allocation
 * scope (stack allocations) of a ranked memref of static shape that no
 * return-like terminator takes, or on no value: merge-alloc's stack class
 * has nothing to merge in a body with fewer than two. */
intptr_t bufrsShimCountStackAllocations(MlirOperation root, intptr_t limit);

/* Whether an op nested in `root` declares a MemoryEffects::Allocate or Free
 * effect, is a call (CallOpInterface), or has unknown effects (neither
 * MemoryEffectOpInterface nor HasRecursiveMemoryEffects): without one, the
 * body owns no buffer and frees none, so the deallocation passes have
 * nothing to free (returned arguments aside: see their callers). */
bool bufrsShimMayOwnOrFreeBuffers(MlirOperation root);

/* Called once per op reported (bufrsShimReadOnlyCopyUnits). Must not unwind. */
typedef void (*BufrsOpFn)(void *user_data, MlirOperation op);

/* Reports each op directly in a block of `root` that holds (or is) a copy
 * bufrs-remove-read-only-copies may remove: an op named in `copies` (copies
 * operand 0 into operand 1) with two operands, whose target is the one
 * result of an op of its block before it that only allocates it (one
 * effect, an Allocate on it, no region, no memref operand), of the source's
 * type, and whose every use is the copy, an op declaring a Free of it, or
 * an op (or an op holding it) of the copy's block after the copy that is
 * not a terminator (calls aside). A superset of the copies the pass removes
 * (one walk, nothing captured), in program order. */
void bufrsShimReadOnlyCopyUnits(MlirOperation root, const MlirStringRef *copies,
                                intptr_t count, BufrsOpFn found,
                                void *user_data);

/* Releases a snapshot Rust handed to bufrsShimKeepSnapshot. Must not unwind. */
typedef void (*BufrsReleaseFn)(void *data);

/* The snapshot of `root` an earlier pass of the same pipeline kept
 * (bufrsShimKeepSnapshot), when `root` is the op the running bufrs pass runs
 * on, no pass changed it since, and this is the run's first ask; else null.
 * The shim owns it (as an MLIR analysis of `root`, dropped when a pass
 * changes `root` or the pipeline is done with it). */
void *bufrsShimKeptSnapshot(MlirOperation root);

/* Offers `data`, a snapshot of `root` captured during the running pass, for
 * the passes after it: kept if `root` is the op the pass runs on and the
 * pass reports it unchanged (it replaces an earlier offer of the run),
 * released with `release` otherwise. False, with nothing taken, outside a
 * bufrs pass or for another op. */
bool bufrsShimKeepSnapshot(MlirOperation root, void *data,
                           BufrsReleaseFn release);

/* Like bufrsShimKeepSnapshot, for a snapshot the pass patched with its own
 * edits so that it equals a fresh capture of `root` after them: kept also
 * when the pass reports `root` changed (MLIR then preserves only this
 * analysis of `root`). */
bool bufrsShimKeepEditedSnapshot(MlirOperation root, void *data,
                                 BufrsReleaseFn release);

/* Releases the running pass's hold on snapshots of `root` (its offer and
 * the kept one it may have read), so that the pass owns the only copy and
 * may patch it; later asks of the run capture anew. No effect outside a
 * bufrs pass or for another op. */
void bufrsShimDropSnapshots(MlirOperation root);

/* Whether an op nested in `root` may be one bufrs-reuse-dying-inputs
 * rewrites: a destination-style op on buffers with an init and an input of
 * one type, each an operand of it once and the result of an op of its block
 * that declares an Allocate effect on it, nothing using the init before the
 * op nor the input after it, read and written at the same point
 * (bufrsShimSamePointAccess). False: the pass has nothing to do there. */
bool bufrsShimMayReuseDyingInput(MlirOperation root);

/* Whether `op` only reads the shape of `value`: a ShapedDimOpInterface op
 * whose shaped value is `value` (memref.dim, tensor.dim). */
bool bufrsShimReadsShapeOf(MlirOperation op, MlirValue value);

/* Flags of bufrsShimCopyRemovalCandidates. */
#define BUFRS_MAY_HAVE_DEAD_BUFFER 1u
#define BUFRS_MAY_REMOVE_COPY 2u

/* Where bufrs-copy-removal may remove something in `root`, in one walk
 * (nothing captured): BUFRS_MAY_HAVE_DEAD_BUFFER (asked only with
 * `dead_buffers`) when a memref.dim nested in it reads the size of an op's
 * result (through view-like ops) that only allocates it, whose uses and the
 * uses of its views (ViewLikeOpInterface, one result, no region) are
 * memref.dim (operand 0), views and ops declaring a Free of the value used;
 * and
 * BUFRS_MAY_REMOVE_COPY when an op named in `into_operand` (copies operand 0
 * into operand 1) or `into_new_buffer` (copies operand 0 into its new
 * result 0) has a source a later op of its block frees, or (first kind) a
 * source defined in its block and used there only before it, or (second
 * kind) a source a later op of its parent op's block frees or a result only
 * ops freeing it use; and an op declares an Allocate effect. Every removal
 * needs one of them. */
unsigned bufrsShimCopyRemovalCandidates(MlirOperation root, bool dead_buffers,
                                        const MlirStringRef *into_operand,
                                        intptr_t into_operand_count,
                                        const MlirStringRef *into_new_buffer,
                                        intptr_t into_new_buffer_count);

/* Whether `root` or an op nested in it declares an Allocate effect; with
 * `off_top_block`, not counting `root` and the ops directly in a
 * single-block region of `root` (ops nested in those count). */
bool bufrsShimHasAllocationIn(MlirOperation root, bool off_top_block);

/* Reports, in pre-order, the ops nested in `root` that
 * bufrs-finalize-deallocation may touch: each op named `clone` (none when
 * `clone` is empty) through `found_clone`, and each op without regions
 * with at least one result, every result a memref or (for an op without
 * operands) an i1, whatever its uses, through `found_view`. Returns whether
 * one of them is a clone or has no use of any result (false: the pass has
 * nothing to do). */
bool bufrsShimFinalizeCandidates(MlirOperation root, MlirStringRef clone,
                                 BufrsOpFn found_clone, void *clone_data,
                                 BufrsOpFn found_view, void *view_data);

/* Builds, before `before` (or at the end of `block` when `before` is null),
 * the free of `buffer` that bufrs-ownership-based-buffer-deallocation
 * places: with a null `flag`, the dealloc of the AllocationOpInterface of
 * `buffer`'s defining op where it has one and builds one, else
 * `memref.dealloc %buffer` at `location`; with a flag,
 * `scf.if %flag { memref.dealloc %buffer }` at `location`. Returns the op
 * built (the scf.if for a flag). */
MlirOperation bufrsShimOwnershipFree(MlirValue buffer, MlirValue flag,
                                     MlirLocation location, MlirBlock block,
                                     MlirOperation before);

/* Builds `arith.constant <value> : i1` at `location`, before `before` (or
 * at the end of `block` when `before` is null); returns its result. */
MlirValue bufrsShimOwnershipFlagConstant(bool value, MlirLocation location,
                                         MlirBlock block,
                                         MlirOperation before);

/* The op before `op` in its block, or null. */
MlirOperation bufrsShimFinalizePrevOp(MlirOperation op);

/* Reports, in pre-order, the ops shaped like dead views (as
 * bufrsShimFinalizeCandidates) among the ops of `block` after `after` (from
 * its first op when null) and before `until` (to its end when null), and
 * the ops nested in them, through `found_view`. */
void bufrsShimFinalizeViewsBetween(MlirBlock block, MlirOperation after,
                                   MlirOperation until, BufrsOpFn found_view,
                                   void *view_data);

/* Builds `arith.constant <value> : index` at `location`, before `before`
 * (or at the end of `block` when `before` is null), with MLIR's typed
 * builder (finalization's and merge-alloc's constants); returns its
 * result. */
MlirValue bufrsShimIndexConstant(int64_t value, MlirLocation location,
                                 MlirBlock block, MlirOperation before);

/* Whether bufrs-merge-alloc's collector may put two allocations of `root`'s
 * body in one scope (heap and stack: the classes merged; dynamic, keepPeak,
 * callsReturnFresh: the collector's options): an over-approximation of its
 * may_merge (src/passes/merge_alloc/collect.rs) asked of the IR, nothing
 * captured. False: may_merge answers false, the pass changes nothing.
 * With `counts`, also false where fewer than two heap allocations and fewer
 * than two stack allocations count as bufrsShimCountHeapAllocations
 * (static only unless `dynamic`) and bufrsShimCountStackAllocations count
 * them (the pass's gate). With keepPeak, also false where no block's
 * buffers of static shape could save a byte in one arena aligned to
 * `alignment` (the collector's) and no block holds two heap buffers, one
 * sized at run time. */
bool bufrsShimMergeAllocMayMerge(MlirOperation root, bool heap, bool stack,
                                 bool dynamic, bool keepPeak,
                                 bool callsReturnFresh, bool counts,
                                 uint64_t alignment);

/* Whether `root` or an op nested in it has one of the `count` names (e.g.
 * "bufferization.dealloc"): the pre-capture walk by name of the passes
 * that rewrite only such ops (cpp-shim/name_walk.cpp). */
bool bufrsShimBodyHasOpNamed(MlirOperation root, const MlirStringRef *names,
                             intptr_t count);

/* Whether an op nested in `root` may be a copy (named in `copies`, into
 * its operand 1) bufrs-write-into-destination removes: its source the
 * result of an op of its block before it, its target the result of a view
 * of the result of another op of that block without operands
 * (cpp-shim/write_into_destination.cpp). False: the pass changes nothing. */
bool bufrsShimMayWriteIntoDestination(MlirOperation root,
                                      const MlirStringRef *copies,
                                      intptr_t count);

#ifdef __cplusplus
}
#endif

#endif /* BUFRS_SHIM_H */
