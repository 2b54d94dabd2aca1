//! The report of `bufrs-merge-alloc`: the `report=true` remarks (one per
//! scope, with seed 004's lifetime classes, and one per allocation left
//! alone), the `report-file` JSON records, the `plan-svg-dir` pictures and
//! the `analysis-only` attributes. It reads what the collector and the
//! scheduler found and runs before the rewrite, which erases the
//! allocations it names.

use melior::ir::OperationRef;
use mlir_sys::MlirOperation;

use crate::ir::capture::IrMap;
use crate::{
    analysis::{
        loops::allocation_scope,
        snapshot::{BlockId, OpId, Snapshot, ValueId},
    },
    ir::{Diagnostic, diagnostics::Severity},
    passes::{PassFailed, PassResult, report_file, report_file::location_text},
    plan::{
        self,
        symbolic::{ExprId, Monomial, SymBuffer},
    },
};

use super::collect::{AllocationClass, MemoryTraces, Refusal, ScopeTrace};
use super::schedule::{
    Decision, MemorySchedule, Skip, SymbolicSchedule, bytes_before, problem_of, symbolic_buffers,
};

/// The pass's argument, the prefix of its remarks and errors.
pub const ARGUMENT: &str = "bufrs-merge-alloc";

/// What the options ask the report for.
pub struct Requests<'a> {
    /// `report`: remarks.
    pub remarks: bool,
    /// `report-file` (empty: none); implies the remarks.
    pub file: &'a str,
    /// `plan-svg-dir` (empty: none).
    pub svg_dir: &'a str,
}

/// `analysis-only`: annotates every mergeable allocation with its lifetime
/// (`bufrs.lifetime`) and scope (`bufrs.scope`) and every other one with why
/// it is left alone (`bufrs.not_merged`).
pub fn annotate(snapshot: &Snapshot, map: &IrMap, traces: &MemoryTraces) {
    for trace in &traces.scopes {
        for buffer in &trace.buffers {
            set_attribute(
                map.op(buffer.alloc),
                "bufrs.lifetime",
                &format!("[{}, {}]", buffer.first, buffer.last),
            );
            set_attribute(
                map.op(buffer.alloc),
                "bufrs.scope",
                &string_literal(&trace.scope_label),
            );
        }
    }
    for left in &traces.left_alone {
        set_attribute(
            map.op(left.alloc),
            "bufrs.not_merged",
            &string_literal(&left.reason.message(snapshot)),
        );
    }
}

/// Writes the pictures (`plan-svg-dir`) and the JSON report (`report-file`)
/// and emits the remarks (`report`, or implied by `report-file`) of the
/// scopes of `op` and their decisions; an error at `op` when a file cannot
/// be written.
pub fn report(
    op: OperationRef<'_, '_>,
    snapshot: &Snapshot,
    map: &IrMap,
    requests: &Requests<'_>,
    traces: &MemoryTraces,
    decisions: &[Decision],
    planner: &str,
) -> PassResult {
    let op_ref = |id: OpId| unsafe { OperationRef::from_raw(map.op(id)) };
    let namer = (requests.remarks || !requests.file.is_empty() || !requests.svg_dir.is_empty())
        .then(|| crate::passes::print_support::ValueNamer::new(op.to_raw()));
    let function = crate::ir::interfaces::symbol_name(map.op(Snapshot::ROOT));
    let svgs = match (&namer, requests.svg_dir.is_empty()) {
        (Some(namer), false) => write_plan_svgs(
            requests.svg_dir,
            &function,
            &traces.scopes,
            decisions,
            &|v| namer.name(map.value(v)),
        )
        .map_err(|message| {
            Diagnostic::error(&op, format!("{}: {message}", ARGUMENT)).emit();
            PassFailed
        })?,
        _ => vec![None; traces.scopes.len()],
    };
    if let (Some(namer), false) = (&namer, requests.file.is_empty()) {
        let name = |v: ValueId| namer.name(map.value(v));
        let scopes = traces
            .scopes
            .iter()
            .zip(decisions)
            .zip(&svgs)
            .map(|((trace, decision), svg)| {
                scope_record(&function, trace, decision, planner, svg.as_deref(), &name)
            })
            .collect();
        let left_alone = traces
            .left_alone
            .iter()
            .map(|left| {
                report_file::Record::new()
                    .string("function", &function)
                    .string("location", &location_text(&op_ref(left.alloc)))
                    .string("reason", &left.reason.message(snapshot))
            })
            .collect();
        report_file::write(
            requests.file,
            ARGUMENT,
            &["scopes", "left_alone"],
            op.to_raw(),
            &function,
            vec![scopes, left_alone],
        )
        .map_err(|message| {
            Diagnostic::error(&op, format!("{}: {message}", ARGUMENT)).emit();
            PassFailed
        })?;
    }

    if let (Some(namer), true) = (&namer, requests.remarks || !requests.file.is_empty()) {
        let classes = ScopeClasses::new(snapshot, map, traces);
        let mut described = std::collections::HashSet::new();
        for (trace, decision) in traces.scopes.iter().zip(decisions) {
            let line = match decision {
                Decision::Merge(schedule) => report_line(trace, schedule),
                Decision::MergeDynamic(schedule) => dynamic_report_line(trace, schedule, &|s| {
                    namer.name(map.value(schedule.symbols[s as usize]))
                }),
                Decision::Skip(skip) => skip_line(trace, skip),
            };
            // The classes once per scope block (its first memory space).
            let line = if described.insert(trace.scope_block) {
                format!("{line}; {}", classes.line(trace))
            } else {
                format!("{line}; classes: transient {}", trace.buffers.len())
            };
            Diagnostic::new(&op_ref(trace.scope_op), Severity::Remark, line).emit();
        }
        for left in &traces.left_alone {
            Diagnostic::new(
                &op_ref(left.alloc),
                Severity::Remark,
                format!(
                    "{}: not merged: {}",
                    ARGUMENT,
                    left.reason.message(snapshot)
                ),
            )
            .emit();
        }
    }

    Ok(())
}

/// The `report=true` remark of one scope.
pub fn report_line(trace: &ScopeTrace, schedule: &MemorySchedule) -> String {
    let before = bytes_before(trace);
    let ratio = if schedule.lower_bound == 0 {
        1.0
    } else {
        schedule.total as f64 / schedule.lower_bound as f64
    };
    let peak = problem_of(trace).map_or(0, |problem| plan::peak_live_bytes(&problem));
    format!(
        "{}: scope {}: {} buffers merged, {before} bytes before, {} bytes after, lower bound {}, ratio {ratio:.3}, peak live {peak} bytes",
        ARGUMENT,
        scope_name(trace),
        trace.buffers.len(),
        schedule.total,
        schedule.lower_bound,
    )
}

/// The `report=true` remark of a scope with dynamic sizes: bytes as
/// expressions over the size operands (named by `name`).
pub fn dynamic_report_line(
    trace: &ScopeTrace,
    schedule: &SymbolicSchedule,
    name: &dyn Fn(u32) -> String,
) -> String {
    let mut exprs = schedule.plan.exprs.clone();
    let before = bytes_before_expr(&schedule.buffers, &mut exprs);
    let dynamic = trace
        .buffers
        .iter()
        .filter(|b| !b.dynamic_sizes.is_empty())
        .count();
    format!(
        "{}: scope {}: {} buffers merged ({dynamic} dynamic), {} bytes before, {} bytes after, lower bound {}",
        ARGUMENT,
        scope_name(trace),
        trace.buffers.len(),
        exprs.display(before, name),
        exprs.display(schedule.plan.total, name),
        exprs.display(schedule.lower_bound, name),
    )
}

/// The sum of the buffers' sizes as an expression of `exprs`, like terms
/// gathered (`8 + %n * 8`, not `4 + %n * 4 + 4 + %n * 4`).
fn bytes_before_expr(buffers: &[SymBuffer], exprs: &mut plan::symbolic::Exprs) -> ExprId {
    let mut terms: Vec<(Vec<u32>, u64)> = Vec::new();
    for b in buffers {
        let constant = (b.size.terms.is_empty() || b.size.constant != 0)
            .then_some((Vec::new(), b.size.constant));
        let monomials = b
            .size
            .terms
            .iter()
            .map(|m| (m.symbols.clone(), m.coefficient));
        for (symbols, coefficient) in constant.into_iter().chain(monomials) {
            match terms.iter_mut().find(|(s, _)| *s == symbols) {
                Some((_, c)) => *c = c.saturating_add(coefficient),
                None => terms.push((symbols, coefficient)),
            }
        }
    }
    terms.sort();
    let mut before = exprs.constant(0);
    for (symbols, coefficient) in terms {
        let size = exprs.monomial(&Monomial {
            coefficient,
            symbols,
        });
        before = exprs.add(before, size).unwrap_or(before);
    }
    before
}

/// The `report-file` record of one scope: its buffers, the sum of their
/// bytes, the bytes live at the peak (unpadded), the arena the plan needs
/// (also when the scope is left alone for saving nothing; null for one
/// buffer), the lower bound (padded bytes live at the peak), the planner,
/// whether it is merged and why not, and its picture. Bytes of scopes with
/// dynamic sizes are expressions (strings) over the size operands, named by
/// `name`.
fn scope_record(
    function: &str,
    trace: &ScopeTrace,
    decision: &Decision,
    planner: &str,
    svg: Option<&str>,
    name: &dyn Fn(ValueId) -> String,
) -> report_file::Record {
    let dynamic = trace
        .buffers
        .iter()
        .filter(|b| !b.dynamic_sizes.is_empty())
        .count();
    let record = report_file::Record::new()
        .string("function", function)
        .string("scope", &trace.scope_label)
        .string("memory_space", &trace.memory_space)
        .string("class", trace.class.name());
    let record = match trace.split {
        Some((k, n)) => record.string("split", &format!("arena {k} of {n}")),
        None => record,
    };
    let record = record
        .number("buffers", trace.buffers.len() as u64)
        .number("dynamic_buffers", dynamic as u64);
    let record = if dynamic == 0 {
        let problem = problem_of(trace).ok();
        let arena = match decision {
            Decision::Merge(schedule) => Some(schedule.total),
            Decision::Skip(Skip::NoByteSaved { after, .. }) => Some(*after),
            _ => None,
        };
        let record = record.number("bytes", bytes_before(trace)).number(
            "peak_live_bytes",
            problem.as_ref().map_or(0, plan::peak_live_bytes),
        );
        let record = match arena {
            Some(arena) => record.number("arena_bytes", arena),
            None => record.null("arena_bytes"),
        };
        record.number("lower_bound", problem.as_ref().map_or(0, plan::lower_bound))
    } else {
        let (symbols, buffers) = symbolic_buffers(trace);
        let symbol = |s: u32| name(symbols[s as usize]);
        let (mut exprs, arena, bound) = match decision {
            Decision::MergeDynamic(schedule) => (
                schedule.plan.exprs.clone(),
                Some(schedule.plan.total),
                Some(schedule.lower_bound),
            ),
            _ => (plan::symbolic::Exprs::new(), None, None),
        };
        let before = bytes_before_expr(&buffers, &mut exprs);
        let peak = plan::symbolic::peak_live_bytes(&buffers, &mut exprs);
        let bound = bound.or_else(|| plan::symbolic::lower_bound(&buffers, &mut exprs));
        let text = |id: Option<ExprId>| id.map(|id| exprs.display(id, &symbol));
        record
            .string("bytes", &exprs.display(before, &symbol))
            .optional_string("peak_live_bytes", text(peak).as_deref())
            .optional_string("arena_bytes", text(arena).as_deref())
            .optional_string("lower_bound", text(bound).as_deref())
    };
    let reason = match decision {
        Decision::Skip(skip) => Some(skip.reason()),
        _ => None,
    };
    record
        .string("planner", planner)
        .boolean("merged", reason.is_none())
        .optional_string("reason", reason.as_deref())
        .optional_string("svg", svg)
}

/// Writes the SVG of every scope merged with static sizes into `dir`
/// (`plan::svg`, buffers labelled by `name`); returns each scope's file
/// path (`None` for the others).
fn write_plan_svgs(
    dir: &str,
    function: &str,
    scopes: &[ScopeTrace],
    decisions: &[Decision],
    name: &dyn Fn(ValueId) -> String,
) -> Result<Vec<Option<String>>, String> {
    let mut paths = Vec::with_capacity(scopes.len());
    for (trace, decision) in scopes.iter().zip(decisions) {
        let Decision::Merge(schedule) = decision else {
            paths.push(None);
            continue;
        };
        let problem = problem_of(trace)?;
        let plan = plan::Plan {
            offsets: schedule.offsets.clone(),
            total: schedule.total,
        };
        let labels: Vec<String> = trace.buffers.iter().map(|b| name(b.value)).collect();
        let mut file = file_name_part(function);
        if trace.scope_op != Snapshot::ROOT {
            file = format!("{file}.{}", file_name_part(&trace.scope_label));
        }
        if !trace.memory_space.is_empty() {
            file = format!("{file}.space-{}", file_name_part(&trace.memory_space));
        }
        if trace.class == AllocationClass::Stack {
            file = format!("{file}.stack");
        }
        if let Some((k, _)) = trace.split {
            file = format!("{file}.arena-{k}");
        }
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create the directory '{dir}': {e}"))?;
        let path = std::path::Path::new(dir).join(format!("{file}.svg"));
        let path = path.to_string_lossy().into_owned();
        std::fs::write(&path, plan::svg::render(&problem, &plan, &labels))
            .map_err(|e| format!("cannot write '{path}': {e}"))?;
        paths.push(Some(path));
    }
    Ok(paths)
}

/// `text` usable in a file name: letters, digits, `.`, `-` and `_` kept,
/// anything else `_`.
fn file_name_part(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || "._-".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// Seed 004's lifetime classes in memref terms, counted per scope block for
/// `report=true`: external (the function's buffer arguments and returned
/// allocations), transient (the scope's mergeable allocations), constant and
/// variable (`memref.get_global` of a constant or mutable global), staging
/// (allocations in the `staging-space` memory space), and the allocations
/// left out with their reasons.
struct ScopeClasses {
    /// Per scope block: external, constant, variable, staging, and the
    /// other left-out allocations (reason -> count, in first-seen order).
    blocks: std::collections::HashMap<BlockId, ClassCounts>,
}

#[derive(Default)]
struct ClassCounts {
    external: usize,
    constant: usize,
    variable: usize,
    staging: usize,
    left_out: Vec<(String, usize)>,
}

impl ScopeClasses {
    fn new(snapshot: &Snapshot, map: &IrMap, traces: &MemoryTraces) -> Self {
        let mut blocks: std::collections::HashMap<BlockId, ClassCounts> =
            std::collections::HashMap::new();
        if let Some(&body) = snapshot.op(Snapshot::ROOT).regions.first()
            && let Some(entry) = snapshot.entry_block(body)
        {
            let arguments = &snapshot.block(entry).args;
            blocks.entry(entry).or_default().external = arguments
                .iter()
                .filter(|&&a| snapshot.value(a).kind.is_buffer())
                .count();
        }
        let block_of = |op: OpId| allocation_scope(snapshot, op).map(|s| s.block);
        for left in &traces.left_alone {
            let Some(block) = block_of(left.alloc) else {
                continue;
            };
            let counts = blocks.entry(block).or_default();
            match left.reason {
                Refusal::Returned => counts.external += 1,
                Refusal::Staging => counts.staging += 1,
                ref other => {
                    let why = other.message(snapshot);
                    match counts.left_out.iter_mut().find(|(w, _)| *w == why) {
                        Some((_, n)) => *n += 1,
                        None => counts.left_out.push((why, 1)),
                    }
                }
            }
        }
        for (index, info) in snapshot.ops.iter().enumerate() {
            // No interface names a global access: the op is matched by name.
            if info.name != "memref.get_global" {
                continue;
            }
            let id = OpId(index as u32);
            let Some(block) = block_of(id) else {
                continue;
            };
            match crate::ir::globals::global_kind_of_use(map.op(id)) {
                Some(crate::ir::globals::GlobalKind::Constant) => {
                    blocks.entry(block).or_default().constant += 1
                }
                Some(crate::ir::globals::GlobalKind::Variable) => {
                    blocks.entry(block).or_default().variable += 1
                }
                None => {}
            }
        }
        ScopeClasses { blocks }
    }

    /// `classes: external E, transient T, constant C, variable V, staging S;
    /// left out: none` (or `left out: N (k reason, ...)`).
    fn line(&self, trace: &ScopeTrace) -> String {
        let empty = ClassCounts::default();
        let c = self.blocks.get(&trace.scope_block).unwrap_or(&empty);
        let left = if c.left_out.is_empty() {
            "none".to_string()
        } else {
            let total: usize = c.left_out.iter().map(|(_, n)| n).sum();
            let reasons: Vec<String> = c.left_out.iter().map(|(w, n)| format!("{n} {w}")).collect();
            format!("{total} ({})", reasons.join(", "))
        };
        format!(
            "classes: external {}, transient {}, constant {}, variable {}, staging {}; left out: {left}",
            c.external,
            trace.buffers.len(),
            c.constant,
            c.variable,
            c.staging
        )
    }
}

/// The `report=true` remark of a scope left alone.
pub fn skip_line(trace: &ScopeTrace, skip: &Skip) -> String {
    format!(
        "{}: scope {}: not merged: {}",
        ARGUMENT,
        scope_name(trace),
        skip.reason()
    )
}

/// The scope's label and, unless default, its memory space; `(stack)`
/// for the stack class.
fn scope_name(trace: &ScopeTrace) -> String {
    let mut name = if trace.memory_space.is_empty() {
        trace.scope_label.clone()
    } else {
        format!(
            "{} (memory space {})",
            trace.scope_label, trace.memory_space
        )
    };
    if trace.class == AllocationClass::Stack {
        name.push_str(" (stack)");
    }
    if let Some((k, n)) = trace.split {
        name.push_str(&format!(
            ", arena {k} of {n} (split: one arena would raise the function's peak heap bytes)"
        ));
    }
    name
}

fn set_attribute(op: MlirOperation, name: &str, text: &str) {
    // SAFETY: a live op; the parsed attribute belongs to its context.
    unsafe {
        let context = mlir_sys::mlirOperationGetContext(op);
        let attr =
            mlir_sys::mlirAttributeParseGet(context, crate::ir::diagnostics::string_ref(text));
        if !attr.ptr.is_null() {
            mlir_sys::mlirOperationSetAttributeByName(
                op,
                crate::ir::diagnostics::string_ref(name),
                attr,
            );
        }
    }
}

fn string_literal(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}
