//! A static checker of deallocation: on every path through a function, every
//! heap buffer is freed exactly once or handed to the caller, and no buffer is
//! used after its free. It judges the output of any pipeline (bufrs' passes,
//! upstream's ownership-based deallocation and its lowering) and never changes
//! the IR; it is the independent second opinion next to execution under
//! AddressSanitizer, in the spirit of regalloc2's checker.
//!
//! # Model
//!
//! A *site* is an op result that owns fresh heap memory: a result with an
//! `Allocate` effect not on the automatic-allocation-scope resource (allocs,
//! clones, reallocs) or a result of a call (callers own call results, the
//! seeds' contract). Each run of a site makes an *instance* with a status on
//! the path: live, freed, or returned to the caller. A site in a loop may
//! have several instances at once (the previous iteration's buffer carried in
//! a block argument while the next is allocated). Function arguments and
//! allocas are not owned: freeing them is a finding.
//!
//! The checker interprets the function abstractly, one *path state* at a time
//! (disjunctive: states are not merged, so facts along one path stay
//! correlated). A state holds the instances, the instance every merge value
//! (block argument, region argument, region-branch result) names on this
//! path, the `i1` values known on this path, and the site whose address each
//! `memref.extract_aligned_pointer_as_index` result holds. Other values find
//! their site through the shared value-flow graph ([`super::value_flow`]):
//! views and casts name their source's site; results that may be one of
//! several buffers (ops with unknown effects) name an unknown one.
//!
//! Control flow follows the interfaces in the snapshot: branch successors,
//! region-branch entry edges and region terminator edges (loop back edges
//! included). Branch conditions are followed where they are known on the path
//! (`cf.cond_br` and `scf.if` on an `i1` the path has decided, constants,
//! `arith.andi/ori/xori`, `arith.cmpi eq/ne` of two extracted addresses of
//! known sites): an edge the path cannot take is not taken. Frees are
//! `memref.dealloc` and any op with a `Free` effect, and
//! `bufferization.dealloc` with the semantics of seed 001: each memref is
//! freed when its condition holds and it names no retained value's memory;
//! a condition unknown on the path splits the path in two; the updated
//! ownership results are computed when everything they depend on is known.
//! On entry to a block, facts of values that are dead there are dropped, and
//! an instance no live value names any more is dropped too: if it is still
//! live, it leaks on that path. So loops reach a fixed point (finitely many
//! states) and a buffer lost around a back edge is found where it is lost.
//!
//! # Findings and undecided cases
//!
//! A finding names the site, the op at fault and one concrete path (the
//! blocks and region edges taken). What the checker cannot follow soundly is
//! reported as *undecided*, never as correct: a use or free through a value
//! that may be one of several buffers, an op that may be a terminator with
//! unknown successors, a path count above the limit. A branch on a
//! condition read from memory that may encode which buffers are the same
//! (after addresses went to memory the paths do not follow) is taken both
//! ways: a path with nothing wrong proves what it proves, but what goes
//! wrong after such a branch is undecided, since the way taken may run in
//! no execution. An op with regions but no region-branch semantics is one op
//! that uses what its regions use.
//!
//! # Parts
//!
//! - [`findings`]: what the checker reports;
//! - [`inputs`]: what the pass knows beyond the snapshot;
//! - [`state`]: path states, their deduplication and paths;
//! - [`prepare`]: the per-function facts computed before any path;
//! - [`checker`]: the worklist, reports and what values name;
//! - [`needed`]: what a path still needs and the pruning on block entry;
//! - [`conditions`]: the `i1` values a path knows and the branches on them;
//! - [`memory`]: modelled local buffers and the dealloc helper;
//! - [`transfer`]: what each op and terminator does to a path.
//!
//! Each part imports only the parts listed before it.

mod checker;
mod conditions;
mod findings;
mod inputs;
mod memory;
mod needed;
mod prepare;
mod state;
mod transfer;

pub use checker::{MAX_STATES_PER_POINT, check, check_with};
pub use findings::{Finding, FindingKind};
pub use inputs::{Boundary, MemoryFacts};
