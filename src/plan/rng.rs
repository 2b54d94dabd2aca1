//! Deterministic randomness for the planners' restarts (and the trace generator
//! of tests and benchmarks, `synth`): a SplitMix64 generator and per-mille jitter.
//! The same seed gives the same numbers on every machine and run.

/// SplitMix64: small, fast, good enough for workload generation.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed.
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    /// Next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A jitter factor in per mille, uniform in [750, 1249]: scales a key by [0.75, 1.25)
    /// for deterministic restarts (see [`scale_per_mille`]).
    pub fn jitter_per_mille(&mut self) -> u64 {
        self.jitter_within(250)
    }

    /// A jitter factor in per mille, uniform in `[1000 - width, 1000 + width)`; `width` at
    /// most 1000.
    pub fn jitter_within(&mut self, width: u64) -> u64 {
        let width = width.clamp(1, 1000);
        1000 - width + self.range(0, 2 * width - 1)
    }

    /// Uniform in `[low, high]` (`low` if the range is empty).
    pub fn range(&mut self, low: u64, high: u64) -> u64 {
        if high <= low {
            low
        } else {
            low + self.next_u64() % (high - low + 1)
        }
    }

    /// True with probability `percent` / 100.
    pub fn percent(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }
}

/// `value * per_mille / 1000` without overflow (`value` itself if the result does not fit).
pub fn scale_per_mille(value: u64, per_mille: u64) -> u64 {
    u64::try_from(u128::from(value) * u128::from(per_mille) / 1000).unwrap_or(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jitter_stays_within_its_width() {
        let mut rng = Rng::new(5);
        for width in [1, 250, 900, 1000, 5000] {
            for _ in 0..1000 {
                let factor = rng.jitter_within(width);
                let width = width.min(1000);
                assert!(
                    (1000 - width..1000 + width).contains(&factor),
                    "{factor} {width}"
                );
            }
        }
    }
}
