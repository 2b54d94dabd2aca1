//! The exact search for the smallest arena, in the spirit of MiniMalloc's canonical solutions
//! (Moffitt, ASPLOS 2023), written from the idea, not the code.
//!
//! Canonical placements: push every buffer of any valid plan down until it rests on a buffer
//! live at a common tick (or on 0, or on the alignment just above). Sorting the result by
//! offset gives a sequence in which each buffer's offset is the aligned maximum end of the
//! earlier buffers that overlap it in time, its *floor*. So it is enough to search over
//! sequences: at each step pick a next buffer whose floor is at least the previous offset and
//! place it at its floor. Nothing optimal is lost.
//!
//! For a target arena size `C` a depth-first search decides "is there a plan within `C`":
//!
//! * branching: take the unplaced buffer with the lowest floor and either place it there or
//!   *defer* it: it then rests on a buffer placed later, so it waits until its floor rises.
//!   Every canonical sequence is reachable and none is explored twice;
//! * tight corner: when the lowest point of the skyline sits in a section with no slack left,
//!   some buffer must start exactly there, so only buffers starting in that section at that
//!   height are tried;
//! * bound: each unplaced buffer gets a lowest possible offset (its floor; one that must rest
//!   on a buffer not yet placed goes at least on the lowest end of an unplaced neighbour). In
//!   every section (a tick where some buffer starts), the unplaced load stacked on the lowest
//!   of those offsets must fit under `C`, and so must every single buffer;
//! * gap rule (MiniMalloc's dominance): nothing goes at or above the lowest end an unplaced
//!   buffer would have at its floor — that buffer's bytes there would stay free and it would
//!   drop into them, so the plan would not be canonical;
//! * decomposition: when the buffers placed so far cut time in two (no unplaced buffer lives
//!   on both sides of a section boundary), the two sides are independent problems, solved
//!   one after the other; one without a plan ends the branch without trying the other's
//!   alternatives again;
//! * symmetry: buffers with the same size and lifetime go in index order;
//! * ordering: lower floor first; among equal floors first fail (the buffer covering the
//!   section with the least slack; in the Luby restarts only), then a [`Ranking`]. After a
//!   decomposition the total-first rankings rank each partition's items by the load still
//!   unplaced there (dynamic totals, as MiniMalloc's sub-solves do; this is what solves
//!   MiniMalloc I at its bound).
//!
//! The search is exact: the `exactness` tests compare it with brute force on small problems.
//!
//! The driver ([`improve`]) starts from a valid plan, asks for the lower bound first with
//! restarts for 40% of the budget ([`Restarts::Interleaved`]: short first-fail runs with
//! deterministically jittered rankings and Luby work limits, side by side with MiniMalloc's
//! schedule, the plain rankings of [`PORTFOLIO`] round robin under doubling limits without
//! the first-fail key; the two find different instances), then descends from the best plan
//! by a ladder of probes: the best total minus half the gap to what is known out of reach,
//! minus a quarter, an eighth, ... down to one granule, each probe with a tenth of the work
//! left, the ladder starting again after each plan found or target proved infeasible, until
//! the budget is spent (far targets first: a tighter target is often easier for this
//! search). Each decision starts with the restart that found the last plan (the ones before
//! it failed on a looser target), then each schedule goes on where it stopped. A search that
//! runs out of branches proves the target infeasible. The budget is an amount of work
//! derived from milliseconds ([`WORK_PER_MS`]; every scan charges its length), so the result
//! is deterministic for a given input and budget; a wall-clock cutoff at the budget itself
//! only fires on a machine slower than the calibration. [`fit`] answers the decision
//! question for a given capacity.
//!
//! Obstacles ([`fit_around`]): buffers fixed at given offsets, which need not rest on
//! anything. Canonical plans stay complete with them: pushed down as far as it goes, a
//! buffer rests on another, on an obstacle or on 0, so sorted by offset each buffer sits at
//! the lowest aligned place at or above its floor that clears the obstacles live with it
//! (`Search::pos`, monotone in the floor, replaces the rounding of the floor everywhere).
//! The bounds count the obstacles' bytes above the height they test in each section, and
//! the tight corner only fires where no obstacle lies above the lowest point.
//!
//! The search planner ([`crate::plan::search`]) and the large-neighbourhood search
//! ([`crate::plan::lns`], which re-places windows with [`fit_around`]) are built on this
//! module; it uses neither.

// The entry points.
/// The budget: work units per millisecond, the wall-clock guard, the size limit.
mod budget;
/// The driver: [`improve`] (bound, then the ladder of probes), [`fit`], [`fit_around`], the
/// restart schedules.
mod driver;

// One decision search, "is there a plan within the target".
/// The depth-first search: branching, tight corner, gap rule, symmetry.
mod decide;
/// The granule every offset and total is a multiple of.
mod granule;
/// Buffers fixed at given offsets that the items go around.
mod obstacles;
/// Decomposition into independent partitions, and the dynamic totals.
mod partitions;
/// The bound each node must pass.
mod prune;
/// The order among items at the same floor.
mod ranking;
/// The rankings, the restart schedules and what each restart does.
mod restarts;
/// The search's state and the trails that undo a placement.
mod state;

#[cfg(test)]
mod exactness;
#[cfg(test)]
mod tests;

pub use budget::{Budget, SEARCH_LIMIT, WORK_PER_MS};
pub use driver::{Fit, Settings, fit, fit_around, improve, improve_with};
pub(crate) use granule::{gcd, granularity};
pub use obstacles::Obstacle;
pub use restarts::{PORTFOLIO, RESTART_WORK, Ranking, Restarts};
