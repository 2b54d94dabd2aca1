//! Fills a [`Snapshot`] from real MLIR IR in one walk.
//!
//! The walk assigns dense ids to the root's regions, blocks, ops and values
//! (pre-order, program order); a second sweep records every op's operands and
//! a third the interface facts (effects, successors, region edges, views):
//! both may name values defined later in program order, since blocks need not
//! appear in dominance order. The returned [`IrMap`] maps ids back to
//! MLIR handles so that a pass can apply its edits after analyzing.

use std::collections::HashMap;

use mlir_sys::{MlirBlock, MlirOperation, MlirRegion, MlirValue};

use crate::{
    analysis::snapshot::{
        BlockId, Effect, EffectKind, Effects, OpFacts, OpId, RegionBranchInfo, RegionEdge,
        RegionId, RegionTarget, Snapshot, Successor, ValueDef, ValueId, ValueInfo, ValueKind,
    },
    ir::interfaces::{self, RawRegionEdge},
};

/// Snapshot ids back to MLIR handles, valid until the IR is edited.
#[derive(Debug, Default)]
pub struct IrMap {
    pub ops: Vec<MlirOperation>,
    pub blocks: Vec<MlirBlock>,
    pub regions: Vec<MlirRegion>,
    pub values: Vec<MlirValue>,
    /// Operand index of the first forwarded operand, per (branch op,
    /// successor index).
    pub successor_operand_starts: HashMap<(OpId, u32), u32>,
    /// Operand index of the first forwarded operand, per (region-branch op,
    /// entry edge index).
    pub entry_edge_operand_starts: HashMap<(OpId, u32), u32>,
    /// Operand index of the first forwarded operand of a region terminator
    /// (all its edges forward the same operands).
    pub terminator_operand_starts: HashMap<OpId, u32>,
}

impl IrMap {
    pub fn op(&self, id: OpId) -> MlirOperation {
        self.ops[id.index()]
    }
    pub fn block(&self, id: BlockId) -> MlirBlock {
        self.blocks[id.index()]
    }
    pub fn value(&self, id: ValueId) -> MlirValue {
        self.values[id.index()]
    }
}

/// Captures the body of `root`.
pub fn capture(root: MlirOperation) -> (Snapshot, IrMap) {
    let mut capture = Capture::default();
    capture.add_op(root, None, 0);
    capture.record_operands();
    capture.record_facts();
    (capture.snapshot, capture.map)
}

#[derive(Default)]
struct Capture {
    snapshot: Snapshot,
    map: IrMap,
    value_ids: HashMap<usize, ValueId>,
    block_ids: HashMap<usize, BlockId>,
}

impl Capture {
    fn add_op(&mut self, op: MlirOperation, parent_block: Option<BlockId>, position: u32) -> OpId {
        let id = OpId(self.snapshot.ops.len() as u32);
        // SAFETY: `op` is a live op of the IR being captured; all C API
        // queries below are total on live handles.
        let name = unsafe {
            crate::ir::diagnostics::string_from_ref(mlir_sys::mlirIdentifierStr(
                mlir_sys::mlirOperationGetName(op),
            ))
        };
        self.snapshot.ops.push(crate::analysis::snapshot::OpInfo {
            name,
            parent_block,
            position,
            operands: vec![],
            results: vec![],
            regions: vec![],
            facts: OpFacts::default(),
        });
        self.map.ops.push(op);
        let is_root = parent_block.is_none();
        if !is_root {
            let result_count = unsafe { mlir_sys::mlirOperationGetNumResults(op) };
            let results = (0..result_count)
                .map(|i| {
                    let value = unsafe { mlir_sys::mlirOperationGetResult(op, i) };
                    self.new_value(
                        value,
                        ValueDef::OpResult {
                            op: id,
                            index: i as u32,
                        },
                    )
                })
                .collect();
            self.snapshot.ops[id.index()].results = results;
        }
        let region_count = unsafe { mlir_sys::mlirOperationGetNumRegions(op) };
        for r in 0..region_count {
            let region = unsafe { mlir_sys::mlirOperationGetRegion(op, r) };
            self.add_region(region, id, r as u32);
        }
        id
    }

    fn add_region(&mut self, region: MlirRegion, parent_op: OpId, index_in_parent: u32) {
        let id = RegionId(self.snapshot.regions.len() as u32);
        self.snapshot
            .regions
            .push(crate::analysis::snapshot::RegionInfo {
                parent_op,
                index_in_parent,
                blocks: vec![],
            });
        self.map.regions.push(region);
        self.snapshot.ops[parent_op.index()].regions.push(id);
        // Blocks first (ids and arguments), so successors can be resolved and
        // block arguments used by later blocks' ops exist.
        let mut blocks = vec![];
        let mut block = unsafe { mlir_sys::mlirRegionGetFirstBlock(region) };
        while !block.ptr.is_null() {
            blocks.push((block, self.add_block(block, id)));
            block = unsafe { mlir_sys::mlirBlockGetNextInRegion(block) };
        }
        for (block, block_id) in blocks {
            let mut position = 0;
            let mut op = unsafe { mlir_sys::mlirBlockGetFirstOperation(block) };
            while !op.ptr.is_null() {
                let op_id = self.add_op(op, Some(block_id), position);
                self.snapshot.blocks[block_id.index()].ops.push(op_id);
                position += 1;
                op = unsafe { mlir_sys::mlirOperationGetNextInBlock(op) };
            }
        }
    }

    fn add_block(&mut self, block: MlirBlock, region: RegionId) -> BlockId {
        let id = BlockId(self.snapshot.blocks.len() as u32);
        self.snapshot
            .blocks
            .push(crate::analysis::snapshot::BlockInfo {
                region,
                args: vec![],
                ops: vec![],
            });
        self.map.blocks.push(block);
        self.block_ids.insert(block.ptr as usize, id);
        self.snapshot.regions[region.index()].blocks.push(id);
        let arg_count = unsafe { mlir_sys::mlirBlockGetNumArguments(block) };
        let args = (0..arg_count)
            .map(|i| {
                let value = unsafe { mlir_sys::mlirBlockGetArgument(block, i) };
                self.new_value(
                    value,
                    ValueDef::BlockArg {
                        block: id,
                        index: i as u32,
                    },
                )
            })
            .collect();
        self.snapshot.blocks[id.index()].args = args;
        id
    }

    fn new_value(&mut self, value: MlirValue, def: ValueDef) -> ValueId {
        let id = ValueId(self.snapshot.values.len() as u32);
        let kind = value_kind(value);
        self.snapshot.values.push(ValueInfo { def, kind });
        self.map.values.push(value);
        self.value_ids.insert(value.ptr as usize, id);
        id
    }

    /// Operands, once every value of the body has its id: a block's ops may
    /// use values defined in blocks that come later in the region's text
    /// (block order is not dominance order).
    fn record_operands(&mut self) {
        for index in 1..self.snapshot.ops.len() {
            let op = self.map.ops[index];
            // SAFETY: `op` is a live op of the IR being captured.
            let operand_count = unsafe { mlir_sys::mlirOperationGetNumOperands(op) };
            let operands = (0..operand_count)
                .map(|i| {
                    let value = unsafe { mlir_sys::mlirOperationGetOperand(op, i) };
                    self.value_id_or_external(value)
                })
                .collect();
            self.snapshot.ops[index].operands = operands;
        }
    }

    /// Operands defined outside the root become results of the root.
    fn value_id_or_external(&mut self, value: MlirValue) -> ValueId {
        if let Some(&id) = self.value_ids.get(&(value.ptr as usize)) {
            return id;
        }
        let root = Snapshot::ROOT;
        let index = self.snapshot.ops[root.index()].results.len() as u32;
        let id = self.new_value(value, ValueDef::OpResult { op: root, index });
        self.snapshot.ops[root.index()].results.push(id);
        id
    }

    fn id(&mut self, value: MlirValue) -> ValueId {
        self.value_id_or_external(value)
    }

    fn edge(&mut self, edge: &RawRegionEdge, parent: OpId) -> RegionEdge {
        let target = match edge.target_region {
            Some(index) => self.snapshot.ops[parent.index()]
                .regions
                .get(index as usize)
                .map_or(RegionTarget::Parent, |&r| RegionTarget::Region(r)),
            None => RegionTarget::Parent,
        };
        RegionEdge {
            target,
            forwarded: edge.forwarded.iter().map(|&v| self.id(v)).collect(),
            inputs: edge.inputs.iter().map(|&v| self.id(v)).collect(),
        }
    }

    fn record_facts(&mut self) {
        for index in 0..self.snapshot.ops.len() {
            let id = OpId(index as u32);
            let op = self.map.ops[index];
            let traits = interfaces::traits(op);
            // MLIR's verifier accepts an unregistered op that ends its block
            // as the block's terminator (it might have the trait), and it may
            // pass values anywhere: treat it as one whose edges are unknown.
            let ends_block = self.snapshot.ops[index]
                .parent_block
                .is_some_and(|b| self.snapshot.block(b).ops.last() == Some(&id));
            let mut facts = OpFacts {
                is_terminator: traits.is_terminator() || (!traits.is_registered() && ends_block),
                is_return_like: traits.is_return_like(),
                has_recursive_effects: traits.has_recursive_memory_effects(),
                is_loop_like: traits.is_loop_like(),
                is_call: traits.is_call(),
                is_cast: traits.is_cast(),
                has_parallel_region: traits.has_parallel_region(),
                is_automatic_allocation_scope: traits.is_automatic_allocation_scope(),
                is_isolated_from_above: traits.is_isolated_from_above(),
                // As MLIR's DominanceInfo: regions of unregistered ops are
                // graph regions (found by the differential test against
                // `--test-print-dominance`).
                regions_have_ssa_dominance: traits.is_registered()
                    && self.snapshot.ops[index].regions.first().is_none_or(|r| {
                        interfaces::region_has_ssa_dominance_raw(self.map.regions[r.index()])
                    }),
                ..OpFacts::default()
            };
            facts.effects = match interfaces::memory_effects(op) {
                None => Effects::Unknown,
                Some(effects) => Effects::Known(
                    effects
                        .iter()
                        .map(|e| Effect {
                            kind: match e.kind {
                                interfaces::EffectKind::Allocate => EffectKind::Allocate,
                                interfaces::EffectKind::Free => EffectKind::Free,
                                interfaces::EffectKind::Read => EffectKind::Read,
                                interfaces::EffectKind::Write => EffectKind::Write,
                            },
                            value: e.value.map(|v| self.id(v)),
                            on_automatic_scope: e.on_automatic_allocation_scope,
                        })
                        .collect(),
                ),
            };
            if traits.is_region_branch()
                && let Some(edges) = interfaces::region_entry_edges(op)
            {
                for (e, edge) in edges.iter().enumerate() {
                    if let Some(first) = edge.first_operand_index {
                        self.map
                            .entry_edge_operand_starts
                            .insert((id, e as u32), first);
                    }
                }
                let entry_edges = edges.iter().map(|e| self.edge(e, id)).collect();
                facts.region_branch = Some(RegionBranchInfo { entry_edges });
            }
            if facts.is_terminator {
                if let Some(parent_block) = self.snapshot.ops[index].parent_block {
                    let parent = self.snapshot.parent_op_of_block(parent_block);
                    if let Some(edges) = interfaces::terminator_edges(op) {
                        if let Some(first) = edges.iter().find_map(|e| e.first_operand_index) {
                            self.map.terminator_operand_starts.insert(id, first);
                        }
                        facts.terminator_edges =
                            edges.iter().map(|e| self.edge(e, parent)).collect();
                    }
                }
                facts.successors = self.successors(op, id);
            }
            facts.view_source = interfaces::view_source(op).map(|v| self.id(v));
            match self.snapshot.ops[index].name.as_str() {
                "arith.constant" => facts.constant_bool = bool_value(op),
                "arith.cmpi" => facts.cmpi_predicate = integer_attribute(op, "predicate"),
                _ => {}
            }
            self.snapshot.ops[index].facts = facts;
        }
    }

    fn successors(&mut self, op: MlirOperation, op_id: OpId) -> Vec<Successor> {
        let count = unsafe { mlir_sys::mlirOperationGetNumSuccessors(op) };
        (0..count)
            .filter_map(|i| {
                let block = unsafe { mlir_sys::mlirOperationGetSuccessor(op, i) };
                let block = *self.block_ids.get(&(block.ptr as usize))?;
                Some(
                    match interfaces::branch_successor_operands(op, i as usize) {
                        Some(operands) => {
                            if let Some(first) = operands.first_operand_index {
                                self.map
                                    .successor_operand_starts
                                    .insert((op_id, i as u32), first);
                            }
                            Successor {
                                block,
                                forwarded: operands.forwarded.iter().map(|&v| self.id(v)).collect(),
                                produced: operands.produced,
                                mapping_known: true,
                            }
                        }
                        None => Successor {
                            block,
                            forwarded: vec![],
                            produced: 0,
                            mapping_known: false,
                        },
                    },
                )
            })
            .collect()
    }
}

fn value_kind(value: MlirValue) -> ValueKind {
    // SAFETY: `value` is live.
    let ty = unsafe { mlir_sys::mlirValueGetType(value) };
    // SAFETY: type queries are total on live types.
    unsafe {
        if mlir_sys::mlirTypeIsAUnrankedMemRef(ty) {
            ValueKind::UnrankedMemRef
        } else if mlir_sys::mlirTypeIsAMemRef(ty) {
            ValueKind::RankedMemRef
        } else {
            ValueKind::Other
        }
    }
}

/// The integer value of attribute `name` of `op`, if it is an integer.
fn integer_attribute(op: MlirOperation, name: &str) -> Option<i64> {
    // SAFETY: `op` is live; the name outlives the call; attribute queries are
    // total on the attribute returned (null when absent).
    unsafe {
        let attr = mlir_sys::mlirOperationGetAttributeByName(
            op,
            mlir_sys::MlirStringRef {
                data: name.as_ptr() as *const _,
                length: name.len(),
            },
        );
        if attr.ptr.is_null() || !mlir_sys::mlirAttributeIsAInteger(attr) {
            return None;
        }
        Some(mlir_sys::mlirIntegerAttrGetValueInt(attr))
    }
}

/// The value of an `i1` constant op (`value` attribute of width 1).
fn bool_value(op: MlirOperation) -> Option<bool> {
    // SAFETY: `op` is live and has at least the result checked below.
    unsafe {
        if mlir_sys::mlirOperationGetNumResults(op) != 1 {
            return None;
        }
        let ty = mlir_sys::mlirValueGetType(mlir_sys::mlirOperationGetResult(op, 0));
        if !mlir_sys::mlirTypeIsAInteger(ty) || mlir_sys::mlirIntegerTypeGetWidth(ty) != 1 {
            return None;
        }
    }
    integer_attribute(op, "value").map(|v| v != 0)
}
