//===- diagnostics.cpp - errors, warnings and remarks with notes ----------===//
//
// The C API can only emit a bare error at a location. bufrs reports at an
// op's location, with the three severities and attached notes pointing at
// related ops (e.g. the use that stops a rewrite). Never at the op itself:
// MLIR would print the op after the message (-mlir-print-op-on-diagnostic, on
// by default), for a function its whole body.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Support.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"

using namespace mlir;

/// Attaches the notes (a null location gives a note without one).
static void attachNotes(InFlightDiagnostic &diag,
                        const MlirLocation *noteLocations,
                        const MlirStringRef *noteMessages, intptr_t numNotes) {
  for (intptr_t i = 0; i < numNotes; ++i) {
    std::optional<Location> where;
    if (noteLocations && !mlirLocationIsNull(noteLocations[i]))
      where = unwrap(noteLocations[i]);
    diag.attachNote(where) << unwrap(noteMessages[i]);
  }
}

extern "C" void bufrsShimEmitDiagnosticAt(MlirLocation locationHandle,
                                          BufrsSeverity severity,
                                          MlirStringRef message,
                                          const MlirLocation *noteLocations,
                                          const MlirStringRef *noteMessages,
                                          intptr_t numNotes) {
  Location loc = unwrap(locationHandle);
  InFlightDiagnostic diag = severity == BufrsSeverity_Error ? emitError(loc)
                            : severity == BufrsSeverity_Warning
                                ? emitWarning(loc)
                                : emitRemark(loc);
  diag << unwrap(message);
  attachNotes(diag, noteLocations, noteMessages, numNotes);
}
