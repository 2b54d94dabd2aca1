//! The order among items at the same floor: the keys of a [`Ranking`] (lifetime, area, size
//! or the load of the most crowded section first) per item, jittered per restart or not.

use crate::plan::rng::scale_per_mille;

use super::{restarts::Ranking, state::Search};

impl Search<'_> {
    /// Sets the tie-break among items at the same floor.
    /// With `jitter`, the main key and each item's slack (first-fail key) are scaled by
    /// pseudo-random factors in [0.75, 1.25) drawn from that seed: a deterministic
    /// perturbation for restarts.
    pub(super) fn set_ranking(&mut self, ranking: Ranking, jitter: Option<u64>) {
        self.ranking = (ranking, jitter.is_some());
        let buffers = self.problem.buffers();
        let mut rng = crate::plan::rng::Rng::new(jitter.unwrap_or(0));
        // Total: the largest initial load of a section the item covers.
        let mut loads = vec![0u64; self.section_count];
        for (k, &(lo, hi)) in self.sections_of.iter().enumerate() {
            for load in &mut loads[lo..=hi] {
                *load += self.sizes[k];
            }
        }
        self.rank = self
            .items
            .iter()
            .enumerate()
            .map(|(k, &i)| {
                let size = self.sizes[k];
                let duration = buffers[i].duration();
                let area = size.saturating_mul(duration);
                let (lo, hi) = self.sections_of[k];
                let total = loads[lo..=hi].iter().copied().max().unwrap_or(0);
                let mut key = match ranking {
                    Ranking::Duration => [duration, area, total],
                    Ranking::Area => [area, size, total],
                    Ranking::Size => [size, duration, total],
                    Ranking::Total => [total, area, duration],
                    Ranking::TotalDuration => [total, duration, area],
                };
                if jitter.is_some() {
                    key[0] = scale_per_mille(key[0], rng.jitter_per_mille());
                }
                key
            })
            .collect();
        self.slack_scale = match jitter {
            Some(_) => self.items.iter().map(|_| rng.jitter_per_mille()).collect(),
            None => vec![1000; self.items.len()],
        };
    }
}
