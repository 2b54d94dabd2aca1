//===- diagnostics.cpp - errors, warnings and remarks with notes ----------===//
//
// The C API can only emit a bare error at a location. bufrs reports at an op
// (so -mlir-print-op-on-diagnostic works), with the three severities and
// attached notes pointing at related ops (e.g. the use that stops a rewrite).
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

extern "C" void bufrsShimEmitDiagnostic(MlirOperation opHandle,
                                        BufrsSeverity severity,
                                        MlirStringRef message,
                                        const MlirLocation *noteLocations,
                                        const MlirStringRef *noteMessages,
                                        intptr_t numNotes) {
  Operation *op = unwrap(opHandle);
  InFlightDiagnostic diag = severity == BufrsSeverity_Error ? op->emitError()
                            : severity == BufrsSeverity_Warning
                                ? op->emitWarning()
                                : op->emitRemark();
  diag << unwrap(message);
  for (intptr_t i = 0; i < numNotes; ++i) {
    std::optional<Location> where;
    if (noteLocations && !mlirLocationIsNull(noteLocations[i]))
      where = unwrap(noteLocations[i]);
    diag.attachNote(where) << unwrap(noteMessages[i]);
  }
}
