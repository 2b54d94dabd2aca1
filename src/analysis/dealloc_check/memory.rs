//! The cells of modelled local buffers on a path and upstream's generic
//! dealloc helper applied to them ([`crate::analysis::dealloc_helper`]).

use super::{
    checker::Checker,
    state::{Cell, Names, Path, Point, State},
};
use crate::analysis::{dealloc_helper::HelperUse, snapshot::ValueId};

impl Checker<'_> {
    /// The cell `m[index]` when `m` names the latest instance of a modelled
    /// site on this path and `index` is a constant within its shape: its key
    /// and whether it holds an `i1`.
    pub(super) fn cell_of(
        &self,
        state: &State,
        m: ValueId,
        index: ValueId,
    ) -> Option<((u32, u32), bool)> {
        let (site, len, i1) = self.modeled_buffer(state, m)?;
        let k = *self.memory.constants.get(&index)?;
        (k >= 0 && k < len as i64).then_some(((site, k as u32), i1))
    }

    /// The modelled site `m` names on this path (its latest instance), with
    /// its length and whether it holds `i1`s.
    pub(super) fn modeled_buffer(&self, state: &State, m: ValueId) -> Option<(u32, u32, bool)> {
        let Names::Site(i) = self.names(state, m) else {
            return None;
        };
        let site = state.inst[i as usize].site;
        let &(len, i1) = self.modeled.get(&site)?;
        (state.current.get(&site) == Some(&i)).then_some((site, len, i1))
    }

    /// A condition cell the helper reads that no store wrote on this path
    /// holds whatever was in memory: the path continues once with each
    /// value (from the helper again). True when it split.
    pub(super) fn split_on_unwritten_condition(
        &mut self,
        state: &State,
        buffers: HelperUse<ValueId>,
        point: Point,
        path: &Path,
    ) -> bool {
        let (Some(d), Some(c)) = (
            self.modeled_buffer(state, buffers.dealloc),
            self.modeled_buffer(state, buffers.conditions),
        ) else {
            return false;
        };
        if d.2 || !c.2 || c.1 < d.1 {
            return false;
        }
        let Some(i) = (0..d.1).find(|&i| !state.mem.contains_key(&(c.0, i))) else {
            return false;
        };
        for b in [false, true] {
            let mut one = state.clone();
            one.mem.insert((c.0, i), Cell::Bool(b));
            self.push(point, one, path.clone());
        }
        true
    }

    /// Upstream's generic dealloc helper on `buffers`
    /// ([`crate::analysis::dealloc_helper`]): `DO[i] = C[i]` and `D[i]` is no `R[j]`
    /// and no earlier `D[k]`; `RO[j]` = OR of `C[i]` over `D[i] == R[j]`.
    /// Every cell it reads must be known on the path, and every comparison
    /// it makes that matters decided; otherwise why not.
    pub(super) fn apply_helper(
        &self,
        state: &mut State,
        buffers: HelperUse<ValueId>,
    ) -> Result<(), String> {
        let resolved = buffers.map(|v| self.modeled_buffer(state, v));
        let [Some(d), Some(r), Some(c), Some(dout), Some(rout)] = resolved.all() else {
            return Err(
                "a buffer of the dealloc helper is not a local buffer whose cells are followed"
                    .into(),
            );
        };
        let sites = [d.0, r.0, c.0, dout.0, rout.0];
        for (k, s) in sites.iter().enumerate() {
            if sites[k + 1..].contains(s) {
                return Err("the dealloc helper gets one buffer twice".into());
            }
        }
        let (n, m) = (d.1, r.1);
        if d.2 || r.2 || !c.2 || !dout.2 || !rout.2 || c.1 < n || dout.1 < n || rout.1 < m {
            return Err(
                "the dealloc helper's buffers do not have the helper's types and sizes".into(),
            );
        }
        let unknown = || "the dealloc helper reads a cell no store wrote on this path".to_string();
        let addr = |state: &State, site: u32, k: u32| match state.mem.get(&(site, k)) {
            Some(Cell::Addr(n)) => Ok(*n),
            _ => Err(unknown()),
        };
        let mut a = Vec::with_capacity(n as usize);
        let mut conds = Vec::with_capacity(n as usize);
        for i in 0..n {
            a.push(addr(state, d.0, i)?);
            conds.push(match state.mem.get(&(c.0, i)) {
                Some(Cell::Bool(b)) => *b,
                _ => return Err(unknown()),
            });
        }
        let mut retained = Vec::with_capacity(m as usize);
        for j in 0..m {
            retained.push(addr(state, r.0, j)?);
        }
        let undecided = || {
            "cannot tell whether two addresses the dealloc helper compares are one buffer"
                .to_string()
        };
        let mut retain_out = vec![false; m as usize];
        let mut dealloc_out = vec![false; n as usize];
        for i in 0..n as usize {
            if !conds[i] {
                continue;
            }
            let mut free = true;
            for (j, &rj) in retained.iter().enumerate() {
                match self.same_buffer(state, a[i], rj) {
                    Some(true) => {
                        retain_out[j] = true;
                        free = false;
                    }
                    Some(false) => {}
                    None => return Err(undecided()),
                }
            }
            for &ak in &a[..i] {
                match self.same_buffer(state, a[i], ak) {
                    Some(true) => free = false,
                    Some(false) => {}
                    None => return Err(undecided()),
                }
            }
            dealloc_out[i] = free;
        }
        for (i, &b) in dealloc_out.iter().enumerate() {
            state.mem.insert((dout.0, i as u32), Cell::Bool(b));
        }
        for (j, &b) in retain_out.iter().enumerate() {
            state.mem.insert((rout.0, j as u32), Cell::Bool(b));
        }
        Ok(())
    }
}
