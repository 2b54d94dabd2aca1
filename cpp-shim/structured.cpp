//===- structured.cpp - linalg structured-op queries the C API lacks ------===//
//
// LinalgOp (with its DestinationStyleOpInterface and indexing maps) answers
// which operands an op reads and writes at the same point of its iteration
// space. Kept apart from interfaces.cpp: only this file includes the Linalg
// dialect's headers.
//
//===----------------------------------------------------------------------===//

#include "bufrs_shim.h"

#include "mlir/CAPI/IR.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

using namespace mlir;

extern "C" int32_t bufrsShimSamePointAccess(MlirOperation opHandle,
                                            intptr_t input, intptr_t init) {
  Operation *op = unwrap(opHandle);
  auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
  if (!linalgOp)
    return -1;
  intptr_t count = op->getNumOperands();
  if (input < 0 || init < 0 || input >= count || init >= count ||
      input == init || !linalgOp.hasPureBufferSemantics())
    return 0;
  OpOperand &in = op->getOpOperand(input);
  OpOperand &out = op->getOpOperand(init);
  if (!linalgOp.isDpsInput(&in) || !linalgOp.isDpsInit(&out) ||
      linalgOp.getNumParallelLoops() != linalgOp.getNumLoops())
    return 0;
  AffineMap inMap = linalgOp.getMatchingIndexingMap(&in);
  AffineMap outMap = linalgOp.getMatchingIndexingMap(&out);
  return inMap && inMap == outMap && outMap.isPermutation() ? 1 : 0;
}
