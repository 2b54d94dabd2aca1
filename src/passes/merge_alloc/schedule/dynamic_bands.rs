//! The band split of a scope with run-time sizes (`keep-peak` with
//! `dynamic=true`): where one arena of the scope would raise the function's
//! peak heap bytes, its buffers are grouped along the bands of the one
//! arena's symbolic plan, and each group becomes an arena of its own,
//! planned again and checked against the function's peak for every size.
//!
//! A static scope's bands are cut where no buffer's bytes cross an offset
//! (`schedule::band_split`). With run-time sizes the one arena's offsets are
//! expressions; the bands are read from the plan evaluated with every size
//! symbol at `schedule::GROWTH_AT`, and each group of bands is planned again
//! by `plan::symbolic` (valid for every size, proved by `symbolic::verify`
//! in `schedule::decide`) and kept only where `PeakState::fits` proves it
//! keeps the function's peak for every size. The evaluation only chooses
//! the groups: a group whose buffers overlap at other sizes is still placed
//! validly, as its own plan proves. A band whose buffers fit no arena
//! leaves them alone.

use crate::analysis::snapshot::OpId;
use crate::plan::problem::round_up;

use super::super::collect::ScopeTrace;
use super::super::peak::PeakState;
use super::{
    Decision, GROWTH_AT, Group, LeastArenas, MemoryScheduler, SymbolicSchedule, arena_bytes,
    bytes_before, least_arena, least_refuted, size_at, split_cost,
};

/// The most arenas [`band_split_dynamic`] plans for one scope (each is a
/// symbolic plan and a peak check).
const BAND_PLANS: usize = 16;

/// Groups of the buffers of `trace` along bands ([`groups_along`]): the
/// bands of `whole` (the one arena's plan, evaluated at [`GROWTH_AT`]), or
/// the buffers grouped by the tick of their last use, latest first (so the
/// first arena lives to the scope's end and the ones after it are freed
/// before it); the split with fewer bytes at [`GROWTH_AT`], then fewer
/// allocations, is kept and `state` takes its arenas. `None` when neither
/// gives two bands.
pub(super) fn band_split_dynamic(
    trace: &ScopeTrace,
    whole: &SymbolicSchedule,
    state: &mut PeakState,
    scheduler: &dyn MemoryScheduler,
    least: &mut LeastArenas,
) -> Result<Option<Vec<Group>>, String> {
    let mut sources = Vec::new();
    if let Some(bands) = plan_bands(whole) {
        sources.push(bands);
    }
    let mut by_end: Vec<usize> = (0..trace.buffers.len()).collect();
    by_end.sort_by_key(|&i| (std::cmp::Reverse(trace.buffers[i].last), i));
    let mut ending: Vec<Vec<usize>> = Vec::new();
    for i in by_end {
        match ending.last_mut() {
            Some(band) if trace.buffers[band[0]].last == trace.buffers[i].last => band.push(i),
            _ => ending.push(vec![i]),
        }
    }
    if ending.len() > 1 && !sources.contains(&ending) {
        sources.push(ending);
    }
    // Every source but the last is tried on a copy of `state`, the last on
    // `state` itself, which then takes the best trial's arenas.
    let Some((last, earlier)) = sources.split_last() else {
        return Ok(None);
    };
    let mut best: Option<(Vec<Group>, PeakState)> = None;
    for bands in earlier {
        let mut trial = state.clone();
        let groups = groups_along(trace, bands, &mut trial, scheduler, least)?;
        if best
            .as_ref()
            .is_none_or(|(b, _)| split_cost(trace, &groups) < split_cost(trace, b))
        {
            best = Some((groups, trial));
        }
    }
    let groups = groups_along(trace, last, state, scheduler, least)?;
    Ok(Some(match best {
        Some((b, trial)) if split_cost(trace, &groups) >= split_cost(trace, &b) => {
            *state = trial;
            b
        }
        _ => groups,
    }))
}

/// The bands of the one arena's plan evaluated with every size symbol at
/// [`GROWTH_AT`], bottom up: cut at every offset no buffer's padded bytes
/// cross. `None` with fewer than two.
fn plan_bands(whole: &SymbolicSchedule) -> Option<Vec<Vec<usize>>> {
    let values = vec![GROWTH_AT; whole.symbols.len()];
    let (offsets, _) = whole.plan.eval(&values)?;
    let padded = |i: usize| {
        let b = &whole.buffers[i];
        b.size
            .eval(&values)
            .and_then(|size| round_up(size, b.alignment.max(1)))
            .unwrap_or(u64::MAX)
    };
    let mut order: Vec<usize> = (0..whole.buffers.len()).collect();
    order.sort_by_key(|&i| (offsets[i], i));
    let mut bands: Vec<Vec<usize>> = Vec::new();
    let mut reach = 0u64;
    for i in order {
        let offset = offsets[i];
        if bands.is_empty() || reach <= offset {
            bands.push(Vec::new());
        }
        if let Some(band) = bands.last_mut() {
            band.push(i);
        }
        reach = reach.max(offset.saturating_add(padded(i)));
    }
    (bands.len() > 1).then_some(bands)
}

/// The largest `j` (at least `k`) for which an arena of the most bytes
/// bands `k..=j` hold at one tick passes the peak check
/// ([`least_arena`]), by halving the range as if passing were monotone;
/// `k` when none past it does. With it, whether that `j` was found to pass
/// (so the caller need not check it again on the same state).
fn last_passing(
    trace: &ScopeTrace,
    bands: &[Vec<usize>],
    k: usize,
    state: &mut PeakState,
    memo: &mut LeastArenas,
) -> (usize, bool) {
    let mut passes = |j: usize, state: &mut PeakState| {
        let mut members: Vec<usize> = bands[k..=j].concat();
        members.sort_unstable();
        let (_, _, life) = trace.arena_of(&members);
        let allocs: Vec<OpId> = members.iter().map(|&m| trace.buffers[m].alloc).collect();
        let plain = vec![None; allocs.len()];
        if least_refuted(state, trace, &members, (&allocs, &plain), life, memo) {
            return false;
        }
        match least_arena(state, trace, &members, memo) {
            Some(least) => state.fits(&allocs, &plain, least, life),
            None => true,
        }
    };
    let (mut lo, mut hi) = (k, bands.len() - 1);
    if passes(hi, state) {
        return (hi, true);
    }
    // `lo` passes (`lo_passes`) or is `k`; `hi` fails.
    let mut lo_passes = false;
    while lo + 1 < hi {
        let mid = (lo + hi) / 2;
        if passes(mid, state) {
            lo = mid;
            lo_passes = true;
        } else {
            hi = mid;
        }
    }
    (lo, lo_passes)
}

/// Groups of the buffers of `trace` along `bands`: taken in order, each
/// joined with as many bands after it as give an arena that keeps the
/// function's peak (`state` takes each arena); a band of several buffers
/// none of these arenas takes becomes one band per buffer, largest first;
/// a band of one buffer no arena takes leaves it alone. At most
/// [`BAND_PLANS`] arenas are planned; past them every band left is left
/// alone.
fn groups_along(
    trace: &ScopeTrace,
    bands: &[Vec<usize>],
    state: &mut PeakState,
    scheduler: &dyn MemoryScheduler,
    memo: &mut LeastArenas,
) -> Result<Vec<Group>, String> {
    let alone = |groups: &mut Vec<Group>, members: &[usize]| {
        for &m in members {
            groups.push(Group {
                members: vec![m],
                arena: None,
            });
        }
    };
    let mut bands = bands.to_vec();
    let mut groups = Vec::new();
    let mut plans = 0;
    let mut k = 0;
    while k < bands.len() {
        let mut placed = false;
        // The last band the precheck lets band `k` join, found by halving
        // (more bands hold more bytes for longer, so past a band that fails
        // the others mostly fail too); the joins are tried from there down.
        let (top, top_passes) = last_passing(trace, &bands, k, state, memo);
        for j in (k..=top).rev() {
            let mut members: Vec<usize> = bands[k..=j].concat();
            members.sort_unstable();
            if members.len() == 1 {
                alone(&mut groups, &members);
                k = j + 1;
                placed = true;
                break;
            }
            if plans == BAND_PLANS {
                break;
            }
            let (before, free_after, life) = trace.arena_of(&members);
            let allocs: Vec<OpId> = members.iter().map(|&m| trace.buffers[m].alloc).collect();
            let plain = vec![None; allocs.len()];
            // No arena of these buffers is smaller than the bytes they hold
            // at their busiest tick: skip the plan when even that would
            // raise the peak (`top` as `last_passing` checked it).
            if !(j == top && top_passes)
                && (least_refuted(state, trace, &members, (&allocs, &plain), life, memo)
                    || least_arena(state, trace, &members, memo)
                        .is_some_and(|least| !state.fits(&allocs, &plain, least, life)))
            {
                continue;
            }
            plans += 1;
            let part = trace.part(&members, before, free_after, life);
            let decision = memo.decide(&part, &members, scheduler)?;
            let size = match &decision {
                Decision::Merge(schedule) if u128::from(schedule.total) < bytes_before(&part) => {
                    schedule.total
                }
                Decision::MergeDynamic(schedule) => schedule
                    .plan
                    .exprs
                    .eval(schedule.plan.total, &|_| GROWTH_AT)
                    .unwrap_or(u64::MAX),
                _ => continue,
            };
            let Some(bytes) = arena_bytes(state, &decision) else {
                continue;
            };
            if state.fits(&allocs, &plain, bytes, life) {
                let held = state.take(&allocs, &plain, bytes, life);
                groups.push(Group {
                    members,
                    arena: Some((held, size, part, decision)),
                });
                k = j + 1;
                placed = true;
                break;
            }
        }
        if !placed {
            if bands[k].len() > 1 && plans < BAND_PLANS {
                // No arena of the band keeps the peak: its buffers are
                // bands of their own, largest first, each joined with the
                // bands after it as they fit.
                let mut single: Vec<usize> = std::mem::take(&mut bands[k]);
                single.sort_by_key(|&m| (std::cmp::Reverse(size_at(&trace.buffers[m])), m));
                bands.splice(k..=k, single.into_iter().map(|m| vec![m]));
                continue;
            }
            alone(&mut groups, &bands[k]);
            k += 1;
        }
    }
    Ok(groups)
}
