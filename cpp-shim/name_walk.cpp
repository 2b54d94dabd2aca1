//===- name_walk.cpp - pre-capture walk by op name ------------------------===//
//
// Whether a body holds an op of some names, asked by the passes that
// rewrite only such ops (bufrs-view-unread-inputs, bufrs-expand-realloc,
// bufrs-buffer-deallocation-simplification, bufrs-lower-deallocations, the
// tensor-level folds and bufrs-clone-shared-fills) before they capture
// anything. Several of them run on every function of the memory pipeline,
// so the walk is a plain loop (op_walk.h) with the name test inline: an op
// that is none of the names costs a load and a compare or two.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"
#include "op_walk.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

using namespace mlir;

namespace {


} // namespace

extern "C" bool bufrsShimBodyHasOpNamed(MlirOperation root,
                                        const MlirStringRef *names,
                                        intptr_t count) {
  Operation *rootOp = unwrap(root);
  bufrs::OpNames wanted(rootOp->getContext(), names, count);
  if (wanted.empty())
    return false;
  if (wanted.registered.size() <= 2) {
    // The usual ask (a name or two): the registered ones compared by value,
    // kept in the closure (a null slot matches no op).
    const void *a = wanted.registered.size() > 0
                        ? wanted.registered[0].getAsOpaquePointer()
                        : nullptr;
    const void *b = wanted.registered.size() > 1
                        ? wanted.registered[1].getAsOpaquePointer()
                        : nullptr;
    bool text = !wanted.unregistered.empty();
    auto is = [a, b, text, &wanted](Operation *op) {
      OperationName name = op->getName();
      const void *p = name.getAsOpaquePointer();
      return p == a || p == b ||
             (text && !name.isRegistered() &&
              llvm::is_contained(wanted.unregistered, name.getStringRef()));
    };
    return is(rootOp) || bufrs::anyNestedOp(rootOp, is);
  }
  auto matches = [&](Operation *op) { return wanted.contains(op); };
  return wanted.contains(rootOp) || bufrs::anyNestedOp(rootOp, matches);
}
