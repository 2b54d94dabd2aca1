//! Use lists for a [`Snapshot`]: for every value, the ops that use it and at
//! which operand. Built once in O(total operands).

use crate::analysis::snapshot::{OpId, Snapshot, ValueId};

/// One use of a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Use {
    pub user: OpId,
    pub operand_index: u32,
}

/// Reverse index from values to their uses, in op order.
#[derive(Clone, Debug, Default)]
pub struct UseLists {
    starts: Vec<u32>,
    uses: Vec<Use>,
}

impl UseLists {
    pub fn new(snapshot: &Snapshot) -> Self {
        let mut counts = vec![0u32; snapshot.values.len() + 1];
        for op in &snapshot.ops {
            for value in &op.operands {
                counts[value.index() + 1] += 1;
            }
        }
        for i in 1..counts.len() {
            counts[i] += counts[i - 1];
        }
        let mut next = counts.clone();
        let mut uses = vec![
            Use {
                user: OpId(0),
                operand_index: 0
            };
            *counts.last().unwrap_or(&0) as usize
        ];
        for (op_index, op) in snapshot.ops.iter().enumerate() {
            for (operand_index, value) in op.operands.iter().enumerate() {
                let slot = &mut next[value.index()];
                uses[*slot as usize] = Use {
                    user: OpId(op_index as u32),
                    operand_index: operand_index as u32,
                };
                *slot += 1;
            }
        }
        UseLists {
            starts: counts,
            uses,
        }
    }

    /// The uses of `value`.
    pub fn of(&self, value: ValueId) -> &[Use] {
        let start = self.starts[value.index()] as usize;
        let end = self.starts[value.index() + 1] as usize;
        &self.uses[start..end]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::snapshot::{OpFacts, SnapshotBuilder, ValueKind};

    #[test]
    fn lists_every_use_with_operand_index() {
        let mut b = SnapshotBuilder::new("func.func", OpFacts::default());
        let region = b.add_region(Snapshot::ROOT);
        let block = b.add_block(region, &[ValueKind::RankedMemRef]);
        let arg = b.snapshot().block(block).args[0];
        let a = b.add_op(
            block,
            "a",
            &[arg, arg],
            &[ValueKind::Other],
            OpFacts::default(),
        );
        let a_result = b.snapshot().op(a).results[0];
        let c = b.add_op(block, "c", &[a_result, arg], &[], OpFacts::default());
        let snapshot = b.finish();
        let uses = UseLists::new(&snapshot);
        assert_eq!(
            uses.of(arg),
            &[
                Use {
                    user: a,
                    operand_index: 0
                },
                Use {
                    user: a,
                    operand_index: 1
                },
                Use {
                    user: c,
                    operand_index: 1
                }
            ]
        );
        assert_eq!(
            uses.of(a_result),
            &[Use {
                user: c,
                operand_index: 0
            }]
        );
    }
}
