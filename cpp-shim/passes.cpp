//===- passes.cpp - option-carrying pass class and registration -----------===//
//
// One C++ class, BufrsPass, stands for every bufrs pass. It is built from a
// descriptor that Rust's pass table owns: argument, summary, anchor and typed
// options. At construction it creates one Pass::Option / Pass::ListOption per
// declared option, so MLIR's own machinery parses pipeline text
// (`bufrs-x{opt=v}`), reports bad values, prints `--help`, and copies option
// values when the pass manager clones the pass per thread. Before a pipeline
// runs (Pass::initialize, once per pass instance) and when a pass is created
// with options, Rust checks the values against what each option allows; when
// the pass runs it hands the current values to the Rust callback.
// Registered pipelines may carry options too (the same specs, parsed by
// MLIR); Rust expands them into the pipeline text.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "shim_internal.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Pass.h"
#include "mlir/CAPI/Support.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/AllocationOpInterfaceImpl.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"

#include <memory>
#include <string>
#include <type_traits>
#include <vector>

using namespace mlir;

namespace {

/// The dialects a bufrs pass may declare as dependent, by namespace.
constexpr const char *kKnownDialects =
    "arith, bufferization, cf, memref, scf";

/// Adds dialect `name` to `registry`; false when the shim does not know it.
bool insertDialect(DialectRegistry &registry, StringRef name) {
  if (name == "arith")
    registry.insert<arith::ArithDialect>();
  else if (name == "bufferization")
    registry.insert<bufferization::BufferizationDialect>();
  else if (name == "cf")
    registry.insert<cf::ControlFlowDialect>();
  else if (name == "memref")
    registry.insert<memref::MemRefDialect>();
  else if (name == "scf")
    registry.insert<scf::SCFDialect>();
  else
    return false;
  return true;
}

/// The dependent dialect names of `desc` (comma-separated in the descriptor).
SmallVector<StringRef> dependentDialects(const BufrsPassDesc *desc) {
  SmallVector<StringRef> names;
  if (desc->dependent_dialects)
    StringRef(desc->dependent_dialects).split(names, ',', -1, false);
  return names;
}

/// Reports every dependent dialect of `desc` the shim does not know through
/// `onError` (if not null); true when there is none.
bool checkDependentDialects(const BufrsPassDesc *desc, BufrsErrorFn onError,
                            void *userData) {
  bool ok = true;
  DialectRegistry scratch;
  for (StringRef name : dependentDialects(desc)) {
    if (insertDialect(scratch, name))
      continue;
    ok = false;
    if (onError) {
      std::string text = (Twine(desc->argument) + ": unknown dependent dialect '" +
                          name + "' (the shim knows " + kKnownDialects + ")")
                             .str();
      onError(userData, mlirStringRefCreate(text.data(), text.size()));
    }
  }
  return ok;
}

/// Why the last bool or integer option value was refused, for the error the
/// pass or pipeline reports: LLVM's own parsers print to stderr, so MLIR's
/// error stream (and the error at the pass) would be empty.
thread_local std::string refusedOptionValue;

/// Takes the message left by a ReportingParser (empty when none).
std::string takeRefusedOptionValue() {
  std::string message;
  message.swap(refusedOptionValue);
  return message;
}

/// The error for options of pass or pipeline `argument` that did not parse:
/// the refused value when a ReportingParser left one, else MLIR's message
/// without the parser's own name.
std::string optionError(StringRef argument, StringRef mlirMessage) {
  std::string refused = takeRefusedOptionValue();
  StringRef text = mlirMessage.trim();
  text.consume_front("<Pass-Options-Parser>: ");
  if (!refused.empty())
    text = refused;
  return (Twine(argument) + ": " + text).str();
}

/// llvm::cl's parser for bool and int64_t, reporting a refused value to
/// `refusedOptionValue` instead of stderr. LLVM's parsers for these types are
/// final, so this one wraps one for everything but `parse` (cl::opt calls the
/// parser's methods on its own type).
template <typename T>
class ReportingParser : public llvm::cl::basic_parser<T> {
public:
  explicit ReportingParser(llvm::cl::Option &option)
      : llvm::cl::basic_parser<T>(option), inner(option) {}

  bool parse(llvm::cl::Option &option, StringRef, StringRef text, T &value) {
    if constexpr (std::is_same_v<T, bool>) {
      if (text.empty() || text == "true" || text == "TRUE" ||
          text == "True" || text == "1") {
        value = true;
        return false;
      }
      if (text == "false" || text == "FALSE" || text == "False" ||
          text == "0") {
        value = false;
        return false;
      }
      refusedOptionValue = (Twine("option '") + option.ArgStr + "': '" +
                            text + "' is not a boolean (true, false, 1 or 0)")
                               .str();
    } else {
      if (!text.getAsInteger(0, value))
        return false;
      refusedOptionValue = (Twine("option '") + option.ArgStr + "': '" +
                            text + "' is not an integer")
                               .str();
    }
    return true;
  }

  llvm::cl::ValueExpected getValueExpectedFlagDefault() const {
    return inner.getValueExpectedFlagDefault();
  }
  StringRef getValueName() const override { return inner.getValueName(); }
  /// `--help` prints option values through LLVM's parser for T.
  operator const llvm::cl::parser<T> &() const { return inner; }

private:
  llvm::cl::parser<T> inner;
};

/// The parser of an option of type T: the reporting one where a value can be
/// refused, MLIR's default otherwise.
template <typename T>
using OptionParserFor =
    std::conditional_t<std::is_same_v<T, bool> || std::is_same_v<T, int64_t>,
                       ReportingParser<T>,
                       detail::PassOptions::OptionParser<T>>;

/// The option values of a pass or pipeline as the C ABI hands them to Rust,
/// with the storage they point into (valid while this object lives).
struct CollectedValues {
  std::vector<std::vector<int64_t>> intLists;
  std::vector<std::vector<MlirStringRef>> stringLists;
  std::vector<BufrsOptionValue> values;
};

/// The MLIR options made from a descriptor's option specs, owned by `OwnerT`:
/// a Pass (Pass::Option members) or a detail::PassOptions (a pipeline's
/// options). MLIR parses, prints and copies them; `collect` reads them back
/// in spec order.
template <typename OwnerT>
class OptionSlots {
  template <typename T>
  using Opt = std::conditional_t<
      std::is_same_v<OwnerT, Pass>, Pass::Option<T, OptionParserFor<T>>,
      detail::PassOptions::Option<T, OptionParserFor<T>>>;
  template <typename T>
  using ListOpt = std::conditional_t<
      std::is_same_v<OwnerT, Pass>, Pass::ListOption<T, OptionParserFor<T>>,
      detail::PassOptions::ListOption<T, OptionParserFor<T>>>;

public:
  OptionSlots(OwnerT &owner, const BufrsOptionSpec *specs, intptr_t count) {
    for (intptr_t i = 0; i < count; ++i)
      add(owner, specs[i]);
  }

  void collect(CollectedValues &out) const {
    out.intLists.reserve(slots.size());
    out.stringLists.reserve(slots.size());
    out.values.reserve(slots.size());
    for (const Slot &slot : slots) {
      BufrsOptionValue value = {};
      value.kind = slot.kind;
      switch (slot.kind) {
      case BufrsOptionKind_Bool:
        value.bool_value = bools[slot.index]->getValue();
        break;
      case BufrsOptionKind_Int:
        value.int_value = ints[slot.index]->getValue();
        break;
      case BufrsOptionKind_String: {
        const std::string &s = strings[slot.index]->getValue();
        value.string_value = mlirStringRefCreate(s.data(), s.size());
        break;
      }
      case BufrsOptionKind_IntList: {
        auto &list = *intListOptions[slot.index];
        out.intLists.emplace_back(list.begin(), list.end());
        value.int_list = out.intLists.back().data();
        value.list_len = out.intLists.back().size();
        break;
      }
      case BufrsOptionKind_StringList: {
        auto &list = *stringListOptions[slot.index];
        out.stringLists.emplace_back();
        for (const std::string &s : list)
          out.stringLists.back().push_back(
              mlirStringRefCreate(s.data(), s.size()));
        value.string_list = out.stringLists.back().data();
        value.list_len = out.stringLists.back().size();
        break;
      }
      }
      out.values.push_back(value);
    }
  }

private:
  void add(OwnerT &owner, const BufrsOptionSpec &spec) {
    auto help = llvm::cl::desc(spec.help);
    switch (spec.kind) {
    case BufrsOptionKind_Bool:
      slots.push_back({spec.kind, bools.size()});
      bools.push_back(std::make_unique<Opt<bool>>(
          owner, spec.name, help, llvm::cl::init(spec.default_bool)));
      break;
    case BufrsOptionKind_Int:
      slots.push_back({spec.kind, ints.size()});
      ints.push_back(std::make_unique<Opt<int64_t>>(
          owner, spec.name, help, llvm::cl::init(spec.default_int)));
      break;
    case BufrsOptionKind_String:
      slots.push_back({spec.kind, strings.size()});
      strings.push_back(std::make_unique<Opt<std::string>>(
          owner, spec.name, help,
          llvm::cl::init(std::string(spec.default_string
                                         ? spec.default_string
                                         : ""))));
      break;
    case BufrsOptionKind_IntList:
      slots.push_back({spec.kind, intListOptions.size()});
      intListOptions.push_back(
          std::make_unique<ListOpt<int64_t>>(owner, spec.name, help));
      break;
    case BufrsOptionKind_StringList:
      slots.push_back({spec.kind, stringListOptions.size()});
      stringListOptions.push_back(
          std::make_unique<ListOpt<std::string>>(owner, spec.name, help));
      break;
    }
  }

  struct Slot {
    BufrsOptionKind kind;
    size_t index;
  };

  std::vector<Slot> slots;
  std::vector<std::unique_ptr<Opt<bool>>> bools;
  std::vector<std::unique_ptr<Opt<int64_t>>> ints;
  std::vector<std::unique_ptr<Opt<std::string>>> strings;
  std::vector<std::unique_ptr<ListOpt<int64_t>>> intListOptions;
  std::vector<std::unique_ptr<ListOpt<std::string>>> stringListOptions;
};

/// `BufrsErrorFn` that appends the message to the std::string at `userData`.
void appendMessage(void *userData, MlirStringRef message) {
  static_cast<std::string *>(userData)->append(message.data, message.length);
}

/// A snapshot (Rust's, opaque here) of the op a bufrs pass ran on, kept as an
/// MLIR analysis of that op for the passes after it: the pass manager drops it
/// when a pass (any pass, bufrs or not) does not preserve the op's analyses,
/// i.e. may have changed the op, and when the nested pipeline is done with
/// the op. A later bufrs pass then reads it instead of capturing again.
class KeptSnapshot {
public:
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(KeptSnapshot)
  explicit KeptSnapshot(Operation *) {}
  KeptSnapshot(const KeptSnapshot &) = delete;
  KeptSnapshot &operator=(const KeptSnapshot &) = delete;
  ~KeptSnapshot() { reset(nullptr, nullptr); }

  void *get() const { return data; }
  /// Takes `newData` (released with `newRelease`), releasing the old one.
  void reset(void *newData, BufrsReleaseFn newRelease) {
    if (data && release)
      release(data);
    data = newData;
    release = newRelease;
  }

private:
  void *data = nullptr;
  BufrsReleaseFn release = nullptr;
};

/// What one run of a bufrs pass on one op has to do with kept snapshots:
/// the one an earlier pass kept (served once), and the one this run offers.
struct SnapshotSlot {
  Operation *op = nullptr;
  void *kept = nullptr;
  /// The analysis holding `kept` (to release it before an edited offer).
  KeptSnapshot *keptAnalysis = nullptr;
  bool served = false;
  void *offered = nullptr;
  BufrsReleaseFn release = nullptr;
  /// `offered` describes the op after the pass's own edits
  /// (bufrsShimKeepEditedSnapshot): kept even though the pass changed it.
  bool offeredAfterEdit = false;

  void dropOffered() {
    if (offered && release)
      release(offered);
    offered = nullptr;
    release = nullptr;
    offeredAfterEdit = false;
  }
};

/// The slot of the bufrs pass running on this thread, or nullptr.
thread_local SnapshotSlot *currentSlot = nullptr;

/// Installs a slot as this thread's current one while in scope.
class SnapshotSlotScope {
public:
  explicit SnapshotSlotScope(SnapshotSlot *slot) : previous(currentSlot) {
    currentSlot = slot;
  }
  ~SnapshotSlotScope() { currentSlot = previous; }
  SnapshotSlotScope(const SnapshotSlotScope &) = delete;
  SnapshotSlotScope &operator=(const SnapshotSlotScope &) = delete;

private:
  SnapshotSlot *previous;
};

class BufrsPass final : public Pass {
public:
  explicit BufrsPass(const BufrsPassDesc *desc)
      : Pass(TypeID::getFromOpaquePointer(desc), anchorName(desc)),
        desc(desc), options(*this, desc->options, desc->num_options) {}

  BufrsPass(const BufrsPass &other) : BufrsPass(other.desc) {
    copyOptionValuesFrom(&other);
  }

  /// MLIR's option parsing, with a refused bool or integer value named in
  /// the error (LLVM's parsers leave MLIR's message empty).
  LogicalResult initializeOptions(
      StringRef text,
      function_ref<LogicalResult(const Twine &)> errorHandler) override {
    return Pass::initializeOptions(
        text, [&](const Twine &message) -> LogicalResult {
          return errorHandler(optionError(desc->argument, message.str()));
        });
  }

  StringRef getArgument() const override { return desc->argument; }
  StringRef getDescription() const override { return desc->summary; }
  StringRef getName() const override { return desc->argument; }

  bool canScheduleOn(RegisteredOperationName opName) const override {
    switch (desc->anchor) {
    case BufrsAnchorKind_OpName:
      return opName.getStringRef() == desc->anchor_op_name;
    case BufrsAnchorKind_FunctionLike:
      return opName.hasInterface<FunctionOpInterface>();
    case BufrsAnchorKind_Any:
      return true;
    }
    return false;
  }

  /// The dialects of the ops the pass creates, so they are loaded before
  /// the (possibly multi-threaded) pass runs. Every name is known: passes
  /// naming an unknown one are refused at registration and creation
  /// (checkDependentDialects).
  void getDependentDialects(DialectRegistry &registry) const override {
    for (StringRef name : dependentDialects(desc))
      (void)insertDialect(registry, name);
  }

  std::unique_ptr<Pass> clonePass() const override {
    return std::make_unique<BufrsPass>(*this);
  }

  /// Runs once per pass instance before the pass manager touches any op:
  /// an option value the pass does not allow is one error (at no op, so no
  /// IR is printed) and the whole pipeline fails.
  LogicalResult initialize(MLIRContext *context) override {
    // A new run (or a changed registry): traits are asked again.
    traitsCache.byName.clear();
    std::string message;
    if (validate(message))
      return success();
    emitError(UnknownLoc::get(context)) << desc->argument << ": " << message;
    return failure();
  }

  /// Checks the current option values (Rust's declarative checks); false
  /// with the reason in `message` when one is not allowed.
  bool validate(std::string &message) const {
    if (!desc->validate)
      return true;
    CollectedValues collected;
    options.collect(collected);
    return desc->validate(desc->pass_index, collected.values.data(),
                          static_cast<intptr_t>(collected.values.size()),
                          appendMessage, &message);
  }

  void runOnOperation() override {
    bufrs::TraitsCacheScope traitsScope(&traitsCache);
    SnapshotSlot slot;
    slot.op = getOperation();
    if (auto kept = getCachedAnalysis<KeptSnapshot>()) {
      slot.keptAnalysis = &kept->get();
      slot.kept = slot.keptAnalysis->get();
    }
    SnapshotSlotScope slotScope(&slot);
    CollectedValues collected;
    options.collect(collected);
    switch (desc->run(desc->pass_index, wrap(getOperation()),
                      collected.values.data(),
                      static_cast<intptr_t>(collected.values.size()))) {
    case BufrsRunResult_Failed:
      signalPassFailure();
      break;
    case BufrsRunResult_Unchanged:
      // Also what lets the pass manager skip verifying the op again.
      markAllAnalysesPreserved();
      // The op is as the pass captured it: the passes after it may read
      // that snapshot.
      if (slot.offered) {
        getAnalysis<KeptSnapshot>().reset(slot.offered, slot.release);
        slot.offered = nullptr;
      }
      break;
    case BufrsRunResult_Changed:
      // The pass patched its snapshot with its own edits: only that
      // analysis survives the change, holding the patched snapshot.
      if (slot.offered && slot.offeredAfterEdit) {
        markAnalysesPreserved<KeptSnapshot>();
        getAnalysis<KeptSnapshot>().reset(slot.offered, slot.release);
        slot.offered = nullptr;
      }
      break;
    }
    slot.dropOffered();
  }

private:
  static std::optional<StringRef> anchorName(const BufrsPassDesc *desc) {
    if (desc->anchor == BufrsAnchorKind_OpName)
      return StringRef(desc->anchor_op_name);
    return std::nullopt;
  }

  const BufrsPassDesc *desc;
  OptionSlots<Pass> options;
  // opTraits per op name across this instance's runs (shim_internal.h);
  // clones (one per thread) start empty.
  bufrs::TraitsCache traitsCache;
};

/// The options of a registered pipeline, parsed by MLIR from the text
/// between braces (`bufrs-memory-pipeline{promote=false}`).
class PipelineOptions final : public detail::PassOptions {
public:
  explicit PipelineOptions(const BufrsPipelineDesc *desc)
      : slots(*this, desc->options, desc->num_options) {}
  OptionSlots<detail::PassOptions> slots;
};

} // namespace

extern "C" void *bufrsShimKeptSnapshot(MlirOperation root) {
  SnapshotSlot *slot = currentSlot;
  if (!slot || slot->op != unwrap(root) || slot->served)
    return nullptr;
  slot->served = true;
  return slot->kept;
}

extern "C" bool bufrsShimKeepSnapshot(MlirOperation root, void *data,
                                      BufrsReleaseFn release) {
  SnapshotSlot *slot = currentSlot;
  if (!slot || slot->op != unwrap(root))
    return false;
  slot->dropOffered();
  slot->offered = data;
  slot->release = release;
  return true;
}

extern "C" bool bufrsShimKeepEditedSnapshot(MlirOperation root, void *data,
                                            BufrsReleaseFn release) {
  if (!bufrsShimKeepSnapshot(root, data, release))
    return false;
  currentSlot->offeredAfterEdit = true;
  return true;
}

extern "C" void bufrsShimDropSnapshots(MlirOperation root) {
  SnapshotSlot *slot = currentSlot;
  if (!slot || slot->op != unwrap(root))
    return;
  slot->dropOffered();
  if (slot->keptAnalysis)
    slot->keptAnalysis->reset(nullptr, nullptr);
  slot->kept = nullptr;
  slot->served = true;
}

extern "C" bool bufrsShimCheckDependentDialects(const BufrsPassDesc *desc,
                                                BufrsErrorFn onError,
                                                void *userData) {
  return checkDependentDialects(desc, onError, userData);
}

extern "C" bool bufrsShimRegisterPass(const BufrsPassDesc *desc,
                                      BufrsErrorFn onError, void *userData) {
  if (!checkDependentDialects(desc, onError, userData))
    return false;
  registerPass([desc]() -> std::unique_ptr<Pass> {
    return std::make_unique<BufrsPass>(desc);
  });
  return true;
}

extern "C" void bufrsShimRegisterPipeline(const BufrsPipelineDesc *desc) {
  // Pipelines may name upstream passes (expand-realloc); make sure a host
  // that registered only some of MLIR's passes knows them too. Registering
  // the same pass again is a no-op in MLIR's registry.
  memref::registerExpandReallocPass();
  registerPassPipeline(
      desc->argument, desc->summary,
      [desc](OpPassManager &pm, StringRef optionText,
             function_ref<LogicalResult(const Twine &)> errorHandler)
          -> LogicalResult {
        PipelineOptions options(desc);
        std::string message;
        llvm::raw_string_ostream os(message);
        if (failed(options.parseFromString(optionText, os))) {
          // MLIR's option parser names itself, not the pipeline.
          return errorHandler(optionError(desc->argument, os.str()));
        }
        CollectedValues collected;
        options.slots.collect(collected);
        std::string pipeline, error;
        if (!desc->expand(desc->pipeline_index, collected.values.data(),
                          static_cast<intptr_t>(collected.values.size()),
                          appendMessage, &pipeline, &error))
          return errorHandler(Twine(desc->argument) + ": " + error);
        if (failed(parsePassPipeline(pipeline, pm, os)))
          return errorHandler(os.str());
        return success();
      },
      [desc](function_ref<void(const detail::PassOptions &)> optHandler) {
        PipelineOptions options(desc);
        optHandler(options);
      });
}

extern "C" MlirPass bufrsShimCreatePass(const BufrsPassDesc *desc,
                                        MlirStringRef options,
                                        BufrsErrorFn onError, void *userData) {
  if (!checkDependentDialects(desc, onError, userData))
    return MlirPass{nullptr};
  auto pass = std::make_unique<BufrsPass>(desc);
  if (options.length != 0) {
    auto report = [&](const Twine &message) -> LogicalResult {
      // The caller names the pass itself.
      std::string full = message.str();
      StringRef text(full);
      text.consume_front((Twine(desc->argument) + ": ").str());
      if (onError)
        onError(userData, mlirStringRefCreate(text.data(), text.size()));
      return failure();
    };
    if (failed(pass->initializeOptions(unwrap(options), report)))
      return MlirPass{nullptr};
  }
  std::string message;
  if (!pass->validate(message)) {
    if (onError)
      onError(userData, mlirStringRefCreate(message.data(), message.size()));
    return MlirPass{nullptr};
  }
  return wrap(static_cast<Pass *>(pass.release()));
}

extern "C" void bufrsShimRegisterInterfaceModels(MlirDialectRegistry registry) {
  memref::registerAllocationOpInterfaceExternalModels(*unwrap(registry));
}
