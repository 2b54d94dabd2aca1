//! What each op does to a path state: uses and frees checked against the
//! instances' status, allocations, `bufferization.dealloc`, calls with
//! flagged results, the cells of modelled buffers, and the control flow
//! followed through branch and region-branch interfaces to the exits,
//! where what is still live leaks.

use rustc_hash::FxHashSet;

use super::{
    checker::Checker,
    conditions::Branch,
    findings::FindingKind,
    prepare::described,
    state::{Cell, Instance, Names, Path, Point, State, Status, referenced},
};
use crate::analysis::{
    allocs::{DeallocParts, OWNERSHIP_BASED_DEALLOC},
    dealloc_helper::HelperUse,
    snapshot::{EffectKind, Effects, OpId, RegionTarget, Snapshot, ValueId},
};

impl Checker<'_> {
    pub(super) fn run_from(&mut self, mut point: Point, mut state: State, path: Path) {
        let snap = self.snap;
        loop {
            let block = snap.block(point.block);
            let Some(&op) = block.ops.get(point.index as usize) else {
                // A block without terminator (graph region or malformed): the
                // path ends here without anything to check.
                return;
            };
            let info = snap.op(op);
            let facts = &info.facts;

            // An inlined helper: its semantics, then the op after it.
            if let Some(h) = self.inlined.get(&op).copied() {
                if self.split_on_unwritten_condition(&state, h.buffers, point, &path) {
                    return;
                }
                if let Err(why) = self.apply_helper(&mut state, h.buffers) {
                    self.undecided(why, op, &path);
                    return;
                }
                point.index = snap.op(h.last).position + 1;
                continue;
            }

            // Uses first: an op touching freed memory.
            self.check_uses(&state, op, &path);

            // Frees.
            if info.name == OWNERSHIP_BASED_DEALLOC {
                self.ownership_dealloc(op, state, path, point);
                return;
            }
            if let Effects::Known(effects) = &facts.effects {
                for e in effects.iter().filter(|e| e.kind == EffectKind::Free) {
                    if let Some(v) = e.value {
                        self.free(&mut state, op, v, &path);
                    }
                }
            }
            // Addresses.
            if info.name == "memref.extract_aligned_pointer_as_index"
                && let (Some(&m), Some(&r)) = (info.operands.first(), info.results.first())
            {
                let n = self.names(&state, m);
                state.addr.insert(r, n);
            }
            // Fresh results: forget what a previous iteration knew, also of
            // the conditions computed from them (a fact relating an older
            // value to a newer operand would decide the wrong iteration's).
            for &r in &info.results {
                state.conds.remove(&r);
                state.bind.remove(&r);
            }
            if !state.conds.is_empty()
                && info
                    .results
                    .iter()
                    .any(|r| self.condition_operand[r.index()])
            {
                state
                    .conds
                    .retain(|&v, _| !self.computed_from(v, &info.results));
            }
            // Cells of modelled buffers.
            if !self.modeled.is_empty() {
                if info.name == "memref.load"
                    && let [m, index] = info.operands.as_slice()
                    && let Some(&r) = info.results.first()
                    && let Some((key, _)) = self.cell_of(&state, *m, *index)
                {
                    match state.mem.get(&key) {
                        Some(Cell::Bool(b)) => {
                            state.conds.insert(r, *b);
                        }
                        Some(Cell::Addr(n)) => {
                            state.addr.insert(r, *n);
                        }
                        None => {}
                    }
                }
                if info.name == "memref.store"
                    && let [v, m, index] = info.operands.as_slice()
                    && let Some((key, i1)) = self.cell_of(&state, *m, *index)
                {
                    if !i1 {
                        match state.addr.get(v) {
                            Some(&n) => state.mem.insert(key, Cell::Addr(n)),
                            None => state.mem.remove(&key),
                        };
                    } else if let Some(b) = self.cond(&state, *v) {
                        state.mem.insert(key, Cell::Bool(b));
                    } else {
                        // One path per value the cell may get (the fact on
                        // the stored value keeps the two correlated).
                        let next = Point {
                            block: point.block,
                            index: point.index + 1,
                        };
                        for b in [false, true] {
                            let mut one = state.clone();
                            if self.assume(&mut one, *v, b) {
                                one.mem.insert(key, Cell::Bool(b));
                                self.push(next, one, path.clone());
                            }
                        }
                        return;
                    }
                }
                if let Some(roles) = self.memory.helper_calls.get(&op) {
                    let buffers = roles.map(|k| info.operands.get(k).copied());
                    let applied = match buffers.all() {
                        [Some(a), Some(b), Some(c), Some(d), Some(e)] => {
                            let buffers = HelperUse {
                                dealloc: a,
                                retain: b,
                                conditions: c,
                                dealloc_out: d,
                                retain_out: e,
                            };
                            if self.split_on_unwritten_condition(&state, buffers, point, &path) {
                                return;
                            }
                            self.apply_helper(&mut state, buffers)
                        }
                        _ => Err("a call of the dealloc helper lacks operands".into()),
                    };
                    if let Err(why) = applied {
                        self.undecided(why, op, &path);
                        return;
                    }
                }
            }
            // A comparison of addresses is decided when it runs: a free
            // between it and the branch on it must not make it unknown (a
            // freed buffer's address may be reused by later allocations, not
            // by those alive when the comparison ran).
            if info.name == "arith.cmpi"
                && let Some(&r) = info.results.first()
                && let Some(c) = self.compute_cond(&state, r)
            {
                state.conds.insert(r, c);
            }
            // Calls with flagged results: one path per way each result may
            // come back.
            if let Some(pairs) = self.boundary.calls.get(&op) {
                let next = Point {
                    block: point.block,
                    index: point.index + 1,
                };
                for state in self.flagged_call(op, pairs, state, &path) {
                    self.push(next, state, path.clone());
                }
                return;
            }
            // Allocations.
            for &r in &info.results {
                if let Some(&s) = self.site_of_value.get(&r) {
                    if let Some(&i) = state.current.get(&s)
                        && state.inst[i as usize].status == Status::Live
                        && !referenced(&state, i)
                    {
                        self.report(FindingKind::LeakOnReallocation, Some(s), op, None, &path);
                        // Reported once: nothing names it, so nothing else
                        // can happen to it.
                        state.inst.update(i, |inst| inst.status = Status::Freed);
                    }
                    state.current.insert(s, state.inst.len() as u32);
                    state.inst.push_back(Instance {
                        site: s,
                        status: Status::Live,
                        freed_by: None,
                    });
                    if self.modeled.contains_key(&s) {
                        state.mem.retain(|&(site, _), _| site != s);
                    }
                }
            }

            // Control flow.
            if let Some(rb) = &facts.region_branch
                && !info.regions.is_empty()
                && described(self.snap, op)
            {
                let after = Point {
                    block: point.block,
                    index: point.index + 1,
                };
                let branch = self.branch_condition(op, "scf.if", &state);
                let cond = branch.known();
                let path = if branch == Branch::Assumed {
                    state.assumed = true;
                    path.assuming()
                } else {
                    path
                };
                let last = rb.entry_edges.len().saturating_sub(1);
                let mut state = Some(state);
                for (k, edge) in rb.entry_edges.iter().enumerate() {
                    if let Some(c) = cond {
                        match edge.target {
                            RegionTarget::Region(r) => {
                                let index = info.regions.iter().position(|&x| x == r);
                                if index == Some(if c { 1 } else { 0 }) {
                                    continue;
                                }
                            }
                            // An `scf.if` without else: the edge past its
                            // regions is the false branch.
                            RegionTarget::Parent if c => continue,
                            RegionTarget::Parent => {}
                        }
                    }
                    let mut next = take_or_clone(&mut state, k == last);
                    // The path now knows the condition: a later op computed
                    // from it (e.g. upstream's `xori %c, true` guarding the
                    // other free) is decided by it.
                    if info.name == "scf.if"
                        && let Some(&c) = info.operands.first()
                    {
                        let then_region = info.regions.first().copied();
                        let taken = matches!(edge.target, RegionTarget::Region(r) if Some(r) == then_region);
                        if !self.assume(&mut next, c, taken) {
                            continue;
                        }
                    }
                    self.bind_edge(&mut next, &edge.forwarded, &edge.inputs);
                    match edge.target {
                        RegionTarget::Region(r) => {
                            if let Some(entry) = snap.entry_block(r) {
                                self.enter(entry, next, &path);
                            }
                        }
                        RegionTarget::Parent => self.push(after, next, path.clone()),
                    }
                }
                return;
            }
            if facts.is_terminator {
                self.terminator(op, state, path);
                return;
            }
            point.index += 1;
        }
    }

    /// The states after a call whose buffer results come with ownership
    /// flags: for each result, either its flag holds and it is a fresh
    /// instance of its site, or it does not and the result is one of the
    /// call's buffer operands (a path for each; memory the function does not
    /// own when there is none).
    pub(super) fn flagged_call(
        &mut self,
        op: OpId,
        pairs: &[(usize, usize)],
        state: State,
        path: &Path,
    ) -> Vec<State> {
        let info = self.snap.op(op);
        let buffers: Vec<ValueId> = info
            .operands
            .iter()
            .copied()
            .filter(|&v| self.snap.value(v).kind.is_buffer())
            .collect();
        let mut states = vec![state];
        for &(result, flag) in pairs {
            let (Some(&r), Some(&f)) = (info.results.get(result), info.results.get(flag)) else {
                continue;
            };
            let Some(&s) = self.site_of_value.get(&r) else {
                continue;
            };
            let mut next = Vec::new();
            for mut state in states {
                if let Some(&i) = state.current.get(&s)
                    && state.inst[i as usize].status == Status::Live
                    && !referenced(&state, i)
                {
                    self.report(FindingKind::LeakOnReallocation, Some(s), op, None, path);
                    state.inst.update(i, |inst| inst.status = Status::Freed);
                }
                let mut owned = state.clone();
                owned.conds.insert(f, true);
                owned.current.insert(s, owned.inst.len() as u32);
                owned.inst.push_back(Instance {
                    site: s,
                    status: Status::Live,
                    freed_by: None,
                });
                next.push(owned);
                state.conds.insert(f, false);
                state.current.remove(&s);
                if buffers.is_empty() {
                    state.bind.insert(r, Names::NotOwned(Some(r)));
                    next.push(state);
                } else {
                    for &b in &buffers {
                        let mut one = state.clone();
                        let names = self.names(&one, b);
                        one.bind.insert(r, names);
                        next.push(one);
                    }
                }
            }
            states = next;
        }
        states
    }

    /// Binds the receivers of an edge to what the forwarded values name (and
    /// `i1` facts to theirs); receivers with nothing forwarded are unknown.
    pub(super) fn bind_edge(&self, state: &mut State, forwarded: &[ValueId], inputs: &[ValueId]) {
        if inputs.is_empty() {
            return;
        }
        // Read before any receiver is written (a receiver may be forwarded
        // on the same edge, around a loop). A buffer names a buffer; any
        // other value may be an `i1` or an address.
        let forwarded: Vec<(Option<Names>, Option<bool>, Option<Names>)> = forwarded
            .iter()
            .map(|&v| {
                if self.snap.value(v).kind.is_buffer() {
                    (Some(self.names(state, v)), None, None)
                } else {
                    (None, self.cond(state, v), state.addr.get(&v).copied())
                }
            })
            .collect();
        for (i, &input) in inputs.iter().enumerate() {
            state.conds.remove(&input);
            state.addr.remove(&input);
            let (name, cond, addr) = forwarded.get(i).copied().unwrap_or((None, None, None));
            if self.snap.value(input).kind.is_buffer() {
                state.bind.insert(input, name.unwrap_or(Names::Unknown));
            }
            if let Some(c) = cond {
                state.conds.insert(input, c);
            }
            if let Some(a) = addr {
                state.addr.insert(input, a);
            }
        }
    }

    pub(super) fn check_uses(&mut self, state: &State, op: OpId, path: &Path) {
        let info = self.snap.op(op);
        // Ops that may access memory: known effects, calls, and ops with
        // unknown effects that are neither terminators nor hold regions (a
        // region-branch op's operands are forwarded, and what its regions do
        // is checked op by op).
        let touches = match &info.facts.effects {
            Effects::Known(effects) => !effects.is_empty(),
            Effects::Unknown => {
                info.facts.is_call || (!info.facts.is_terminator && !described(self.snap, op))
            }
        };
        if !touches || info.name == OWNERSHIP_BASED_DEALLOC {
            return;
        }
        let mut values: Vec<ValueId> = info.operands.to_vec();
        // An op with regions it does not describe touches what they use.
        if !described(self.snap, op) && !info.regions.is_empty() {
            values.extend(self.free_values_of_regions(op));
        }
        // A call (or an op of unknown effects) given a buffer's address
        // as a plain value may read or write through it.
        let through_address = info.facts.is_call || matches!(info.facts.effects, Effects::Unknown);
        for v in values {
            if !self.snap.value(v).kind.is_buffer() {
                if through_address
                    && let Some(Names::Site(i)) = state.addr.get(&v).copied()
                    && state.inst[i as usize].status == Status::Freed
                {
                    let Instance { site, freed_by, .. } = state.inst[i as usize];
                    self.report(FindingKind::UseAfterFree, Some(site), op, freed_by, path);
                }
                continue;
            }
            // The free of `v` itself is checked by `free`.
            if let Effects::Known(effects) = &info.facts.effects
                && effects
                    .iter()
                    .any(|e| e.kind == EffectKind::Free && e.value == Some(v))
            {
                continue;
            }
            if let Names::Site(i) = self.names(state, v)
                && state.inst[i as usize].status == Status::Freed
            {
                let Instance { site, freed_by, .. } = state.inst[i as usize];
                self.report(FindingKind::UseAfterFree, Some(site), op, freed_by, path);
            }
        }
    }

    /// Values used inside the regions of `op` but defined outside them.
    pub(super) fn free_values_of_regions(&self, op: OpId) -> Vec<ValueId> {
        let snap = self.snap;
        let mut inside: FxHashSet<ValueId> = FxHashSet::default();
        let mut used = Vec::new();
        let mut stack: Vec<OpId> = Vec::new();
        for &r in &snap.op(op).regions {
            for &b in &snap.region(r).blocks {
                inside.extend(snap.block(b).args.iter().copied());
                stack.extend(snap.block(b).ops.iter().copied());
            }
        }
        while let Some(o) = stack.pop() {
            let info = snap.op(o);
            inside.extend(info.results.iter().copied());
            used.extend(info.operands.iter().copied());
            for &r in &info.regions {
                for &b in &snap.region(r).blocks {
                    inside.extend(snap.block(b).args.iter().copied());
                    stack.extend(snap.block(b).ops.iter().copied());
                }
            }
        }
        used.retain(|v| !inside.contains(v));
        used.sort_unstable();
        used.dedup();
        used
    }

    pub(super) fn free(&mut self, state: &mut State, op: OpId, v: ValueId, path: &Path) {
        match self.names(state, v) {
            Names::Site(i) => match state.inst[i as usize].status {
                Status::Live => state.inst.update(i, |inst| {
                    inst.status = Status::Freed;
                    inst.freed_by = Some(op);
                }),
                Status::Freed => {
                    let Instance { site, freed_by, .. } = state.inst[i as usize];
                    self.report(FindingKind::DoubleFree, Some(site), op, freed_by, path);
                }
                Status::Returned => {
                    let site = state.inst[i as usize].site;
                    self.report(FindingKind::UseAfterFree, Some(site), op, None, path);
                }
            },
            Names::NotOwned(_) => self.report(FindingKind::FreeOfNotOwned, None, op, None, path),
            Names::Unknown => self.undecided(
                "frees a value that may be one of several buffers".into(),
                op,
                path,
            ),
        }
    }

    /// `bufferization.dealloc (%m...) if (%c...) retain (%r...)`.
    pub(super) fn ownership_dealloc(&mut self, op: OpId, state: State, path: Path, point: Point) {
        let info = self.snap.op(op);
        let Some(parts) = DeallocParts::of(self.snap, op) else {
            self.undecided("malformed bufferization.dealloc".into(), op, &path);
            return;
        };
        let retained_count = parts.retained.len();
        let (memrefs, conds, retained) = (&parts.memrefs, &parts.conditions, &parts.retained);
        // Split on the first condition not known on this path.
        for &c in conds {
            if self.cond(&state, c).is_none() {
                for value in [false, true] {
                    let mut next = state.clone();
                    if self.assume(&mut next, c, value) {
                        self.push(point, next, path.clone());
                    }
                }
                return;
            }
        }
        let mut state = state;
        let retained_names: Vec<Names> = retained.iter().map(|&r| self.names(&state, r)).collect();
        let mut updated = vec![false; retained_count];
        let mut freed_here: Vec<Names> = Vec::new();
        for (&m, &c) in memrefs.iter().zip(conds) {
            let owned = self.cond(&state, c).expect("conditions decided above");
            let name = self.names(&state, m);
            let mut kept = false;
            for (j, &rn) in retained_names.iter().enumerate() {
                match self.same_buffer(&state, name, rn) {
                    Some(true) => {
                        kept = true;
                        if owned {
                            updated[j] = true;
                        }
                    }
                    Some(false) => {}
                    // A memref whose condition is false adds nothing to
                    // any retained value's updated condition, alias or not.
                    None if !owned => {}
                    None => {
                        self.undecided(
                            "cannot tell whether a freed memref is a retained one".into(),
                            op,
                            &path,
                        );
                        return;
                    }
                }
            }
            if owned && !kept {
                // Seed 001: a memref listed twice (the same buffer under
                // two values) is freed once, by its first owned occurrence.
                let mut again = false;
                for &earlier in &freed_here {
                    match self.same_buffer(&state, name, earlier) {
                        Some(true) => again = true,
                        Some(false) => {}
                        // `earlier` is freed now: compare with what it was.
                        None if earlier == name => again = true,
                        None => {}
                    }
                }
                if !again {
                    self.free(&mut state, op, m, &path);
                    freed_here.push(name);
                }
            }
        }
        for (&result, value) in info.results.iter().zip(updated) {
            state.conds.insert(result, value);
        }
        let next = Point {
            block: point.block,
            index: point.index + 1,
        };
        self.run_from(next, state, path);
    }

    pub(super) fn terminator(&mut self, op: OpId, mut state: State, mut path: Path) {
        let snap = self.snap;
        let info = snap.op(op);
        let facts = &info.facts;
        if !facts.successors.is_empty() {
            let branch = self.branch_condition(op, "cf.cond_br", &state);
            let cond = branch.known();
            if branch == Branch::Assumed {
                state.assumed = true;
                path = path.assuming();
            }
            let last = facts.successors.len() - 1;
            let mut state = Some(state);
            for (k, succ) in facts.successors.iter().enumerate() {
                if let Some(c) = cond
                    && (k == 0) != c
                {
                    continue;
                }
                let mut next = take_or_clone(&mut state, k == last);
                if info.name == "cf.cond_br"
                    && let Some(&c) = info.operands.first()
                    && !self.assume(&mut next, c, k == 0)
                {
                    continue;
                }
                let args = &snap.block(succ.block).args;
                if succ.mapping_known {
                    let p = succ.produced as usize;
                    let inputs: Vec<ValueId> = args.iter().skip(p).copied().collect();
                    self.bind_edge(&mut next, &succ.forwarded, &inputs);
                    for &a in args.iter().take(p) {
                        next.bind.insert(a, Names::Unknown);
                    }
                } else {
                    for &a in args {
                        next.bind.insert(a, Names::Unknown);
                    }
                }
                self.enter(succ.block, next, &path);
            }
            return;
        }
        if !facts.terminator_edges.is_empty() {
            let parent_op = info
                .parent_block
                .map(|b| snap.parent_op_of_block(b))
                .unwrap_or(Snapshot::ROOT);
            let last = facts.terminator_edges.len() - 1;
            let mut state = Some(state);
            for (k, edge) in facts.terminator_edges.iter().enumerate() {
                let mut next = take_or_clone(&mut state, k == last);
                self.bind_edge(&mut next, &edge.forwarded, &edge.inputs);
                match edge.target {
                    RegionTarget::Region(r) => {
                        if let Some(entry) = snap.entry_block(r) {
                            self.enter(entry, next, &path);
                        }
                    }
                    RegionTarget::Parent => {
                        let parent = snap.op(parent_op);
                        // What the region defined is out of scope after
                        // it: bindings of those values would ride along
                        // (growing with the nesting depth) and keep apart
                        // states that are the same.
                        next.bind
                            .retain(|&v, _| !self.nesting.defined_inside(snap, v, parent_op));
                        next.addr
                            .retain(|&v, _| !self.nesting.defined_inside(snap, v, parent_op));
                        if let Some(pb) = parent.parent_block {
                            self.push(
                                Point {
                                    block: pb,
                                    index: parent.position + 1,
                                },
                                next,
                                path.then(pb),
                            );
                        }
                    }
                }
            }
            return;
        }
        // Leaving the body: a return of the function, or the end of a body
        // checked on its own.
        let parent = info.parent_block.map(|b| snap.parent_op_of_block(b));
        if facts.is_return_like && parent == Some(Snapshot::ROOT) {
            // Flagged returns: a path per value of a flag not known here.
            for &(_, q) in &self.boundary.returns {
                let Some(&f) = info.operands.get(q) else {
                    continue;
                };
                if self.cond(&state, f).is_none() {
                    for value in [false, true] {
                        let mut next = state.clone();
                        if self.assume(&mut next, f, value) {
                            self.terminator(op, next, path.clone());
                        }
                    }
                    return;
                }
            }
            for (position, &v) in info.operands.iter().enumerate() {
                if !snap.value(v).kind.is_buffer() {
                    continue;
                }
                let not_handed_over = self.boundary.returns.iter().any(|&(b, q)| {
                    b == position
                        && info
                            .operands
                            .get(q)
                            .is_some_and(|&f| self.cond(&state, f) == Some(false))
                });
                if not_handed_over {
                    // The caller does not own it: it must still be alive
                    // (an instance live here and not freed leaks below).
                    if let Names::Site(i) = self.names(&state, v)
                        && let Instance {
                            site,
                            status: Status::Freed,
                            freed_by,
                        } = state.inst[i as usize]
                    {
                        self.report(FindingKind::ReturnOfFreed, Some(site), op, freed_by, &path);
                    }
                    continue;
                }
                match self.names(&state, v) {
                    Names::Site(i) => {
                        let Instance {
                            site,
                            status,
                            freed_by,
                        } = state.inst[i as usize];
                        match status {
                            Status::Live => {
                                state.inst.update(i, |inst| inst.status = Status::Returned)
                            }
                            Status::Freed => self.report(
                                FindingKind::ReturnOfFreed,
                                Some(site),
                                op,
                                freed_by,
                                &path,
                            ),
                            Status::Returned => {
                                self.report(FindingKind::ReturnedTwice, Some(site), op, None, &path)
                            }
                        }
                    }
                    Names::NotOwned(_) => {
                        self.report(FindingKind::ReturnOfNotOwned, None, op, None, &path)
                    }
                    Names::Unknown => self.undecided(
                        "returns a value that may be one of several buffers".into(),
                        op,
                        &path,
                    ),
                }
            }
        } else if parent == Some(Snapshot::ROOT) {
            self.undecided(
                format!("'{}' ends the function but is no known return", info.name),
                op,
                &path,
            );
            return;
        } else if parent.is_some_and(|p| described(snap, p)) {
            self.undecided(
                format!(
                    "'{}' leaves a region of a region-branch op along no known edge",
                    info.name
                ),
                op,
                &path,
            );
            return;
        }
        // Every site allocated in this body and still live leaks here.
        let body_region = info.parent_block.map(|b| snap.block(b).region);
        for i in 0..state.inst.len() {
            let Instance { site, status, .. } = state.inst[i];
            if status == Status::Live && self.site_in_body(site, body_region) {
                self.report(FindingKind::Leak, Some(site), op, None, &path);
            }
        }
    }

    /// Whether site `s` is allocated in the body whose region is `region`
    /// (directly, or nested in region-branch ops of it).
    pub(super) fn site_in_body(
        &self,
        s: u32,
        region: Option<crate::analysis::snapshot::RegionId>,
    ) -> bool {
        let Some(region) = region else { return false };
        let Some(op) = self.site_op(s) else {
            return false;
        };
        let mut cur = op;
        while let Some(b) = self.snap.op(cur).parent_block {
            let r = self.snap.block(b).region;
            if r == region {
                return true;
            }
            let parent = self.snap.region(r).parent_op;
            if !described(self.snap, parent) {
                return false;
            }
            cur = parent;
        }
        false
    }
}

/// The state for one of several ways a path continues: a copy, or for the
/// last way the state itself (saving a copy and its drop per branch).
fn take_or_clone(state: &mut Option<State>, last: bool) -> State {
    if last {
        state
            .take()
            .expect("the state is taken by the last way only")
    } else {
        state
            .as_ref()
            .expect("the state is taken by the last way only")
            .clone()
    }
}
