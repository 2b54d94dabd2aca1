//! Deterministic random traces shaped like DNN inference graphs, for tests and benchmarks.
//!
//! One op per tick produces one tensor. Most tensors feed the next op only (a chain); some are
//! kept for a residual connection a few ops later, a few for a long skip (U-Net style), some
//! fan out to the next few ops, and some are scratch workspaces live for one tick. Sizes follow
//! stages that shrink as the network goes deeper, with the usual 1x/2x/4x channel jumps and
//! small tensors mixed in; every buffer asks for 64-byte alignment.
//!
//! The generator is [`crate::plan::rng::Rng`], a tiny SplitMix64, so traces are the same on
//! every machine and run.

use crate::plan::{Buffer, PlanError, Problem, rng::Rng};

/// A DNN-like trace of `count` buffers. Sizes stay below a few MiB each, so validation only
/// fails for absurd counts (beyond 2^40 buffers).
///
/// The graph is a run of blocks, one op per tick, in stages whose activation size halves as the
/// network goes deeper (spatial downsampling), channel counts from a small menu:
/// * residual block: input kept until the add two or three ops later (ResNet, MobileNet);
/// * inverted residual: 4x or 6x expansion in the middle (MobileNetV2);
/// * fan-out: two to four parallel branches of one to three ops, then a concat (Inception);
/// * plain conv with an im2col-like workspace live for one tick;
/// * small tensors (shapes, biases, reductions) of a few hundred bytes to a few KiB;
/// * in one trace out of three, encoder outputs kept until the decoder stage that mirrors them
///   (U-Net skips).
pub fn dnn_trace(count: usize, seed: u64) -> Result<Problem, PlanError> {
    let mut rng = Rng::new(seed);
    let mut graph = Graph {
        buffers: Vec::with_capacity(count + 8),
        tick: 0,
    };
    let unet = rng.percent(33);
    let stages = 5u64;
    let per_stage = (count as u64 / stages).max(1);
    let mut skips: Vec<usize> = Vec::new();
    // The current activation.
    let mut x = graph.produce(base_size(0, &mut rng));
    while graph.buffers.len() < count {
        let produced = graph.buffers.len() as u64;
        let stage = (produced / per_stage).min(stages - 1);
        let size = base_size(stage, &mut rng);
        let decoding = unet && stage > stages / 2;
        match rng.range(0, 99) {
            0..=29 => {
                // Residual: x -> a -> b -> add(x, b).
                let a = graph.consume_produce(&[x], size);
                let b = graph.consume_produce(&[a], size);
                x = graph.consume_produce(&[x, b], size);
            }
            30..=49 => {
                // Inverted residual: x -> expand -> depthwise -> project -> add(x, project).
                let wide = size * [4, 6][rng.range(0, 1) as usize];
                let e = graph.consume_produce(&[x], wide);
                let d = graph.consume_produce(&[e], wide);
                let p = graph.consume_produce(&[d], size);
                x = graph.consume_produce(&[x, p], size);
            }
            50..=61 => {
                // Fan-out: branches read x, concat joins them.
                let branches = rng.range(2, 4);
                let mut ends = Vec::new();
                for _ in 0..branches {
                    let mut t = x;
                    let branch_size = (size / branches).max(64);
                    for _ in 0..rng.range(1, 3) {
                        t = graph.consume_produce(&[t], branch_size);
                    }
                    ends.push(t);
                }
                let mut inputs = vec![x];
                inputs.extend(&ends);
                x = graph.consume_produce(&inputs, size);
            }
            62..=79 => {
                // Conv with a workspace live only while the op runs.
                graph.workspace(size * rng.range(1, 3));
                x = graph.consume_produce(&[x], size);
            }
            80..=89 => {
                // A small side tensor computed from x, used by the next op.
                let small = graph.consume_produce(&[x], rng.range(256, 4096) & !63);
                x = graph.consume_produce(&[x, small], size);
            }
            _ => {
                // Stage boundary or encoder output kept for the decoder.
                if unet && !decoding && rng.percent(30) {
                    skips.push(x);
                }
                if decoding && let Some(skip) = skips.pop() {
                    x = graph.consume_produce(&[x, skip], size);
                    continue;
                }
                x = graph.consume_produce(&[x], size);
            }
        }
    }
    graph.buffers.truncate(count);
    let end = graph.tick;
    let buffers = graph
        .buffers
        .into_iter()
        .map(|(size, first, last)| {
            Buffer::new(size, first, last.max(first).min(end)).with_alignment(64)
        })
        .collect();
    Problem::new(buffers)
}

/// Activation bytes at a stage: a 1 MiB-ish stem halving per stage, channel menu jitter.
fn base_size(stage: u64, rng: &mut Rng) -> u64 {
    let channels = [16u64, 24, 32, 32, 48, 64][rng.range(0, 5) as usize];
    (channels * 16 * 1024) >> stage
}

struct Graph {
    /// (size, first tick, last tick) per buffer.
    buffers: Vec<(u64, u64, u64)>,
    tick: u64,
}

impl Graph {
    fn produce(&mut self, size: u64) -> usize {
        self.buffers.push((size, self.tick, self.tick));
        self.tick += 1;
        self.buffers.len() - 1
    }

    /// One op at the current tick: reads `inputs` (their lifetimes extend to it), writes one
    /// new tensor.
    fn consume_produce(&mut self, inputs: &[usize], size: u64) -> usize {
        for &input in inputs {
            self.buffers[input].2 = self.tick;
        }
        self.produce(size)
    }

    /// A scratch buffer live only at the next op's tick.
    fn workspace(&mut self, size: u64) {
        self.buffers.push((size, self.tick, self.tick));
    }
}

/// Trace shapes for scale benchmarks ([`shape_trace`]): each stresses another part of the
/// planners (many short overlaps, everything overlapping everything, nesting, a staircase).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Random start in `[0, T)`, duration 1 to `T / 20` ticks.
    Random,
    /// Long-lived: start in the first tenth, duration `T / 2` to `T`.
    LongLived,
    /// Nested: lifetimes centred on `T / 2` with random durations (every pair overlaps).
    Nested,
    /// Staircase: buffer `i` starts at `i * T / n` and lives to the end.
    Staircase,
}

impl Shape {
    /// Every shape, in benchmark order.
    pub const ALL: [Shape; 4] = [
        Shape::Random,
        Shape::LongLived,
        Shape::Nested,
        Shape::Staircase,
    ];

    /// Name in benchmark tables.
    pub fn name(self) -> &'static str {
        match self {
            Shape::Random => "random",
            Shape::LongLived => "long-lived",
            Shape::Nested => "nested",
            Shape::Staircase => "staircase",
        }
    }
}

/// `count` buffers of the given shape over `T = max(count / 10, 20)` ticks, sizes random
/// multiples of 64 up to 16 KiB (alignment 1), deterministic for a seed.
pub fn shape_trace(shape: Shape, count: usize, seed: u64) -> Result<Problem, PlanError> {
    let mut rng = Rng::new(seed);
    let ticks = (count as u64 / 10).max(20);
    let buffers = (0..count as u64)
        .map(|i| {
            let size = 64 * rng.range(1, 256);
            let (first, duration) = match shape {
                Shape::Random => (rng.range(0, ticks - 1), rng.range(1, ticks / 20)),
                Shape::LongLived => (rng.range(0, ticks / 10 - 1), rng.range(ticks / 2, ticks)),
                Shape::Nested => {
                    let duration = rng.range(1, ticks);
                    ((ticks - duration) / 2, duration)
                }
                Shape::Staircase => {
                    let first = i * ticks / count as u64;
                    (first, ticks - first)
                }
            };
            Buffer::new(size, first, first + duration - 1)
        })
        .collect();
    Problem::new(buffers)
}

/// Height of the rectangle [`perfect_packing`] cuts: 1 MiB.
pub const PERFECT_HEIGHT: u64 = 1 << 20;

/// A perfect packing of `count` buffers (at least 1): the rectangle of
/// [`PERFECT_HEIGHT`] bytes by `T = max(count, 8)` ticks cut by guillotine cuts until it has
/// `count` pieces, each piece a buffer (its height the size, its width the lifetime). Every
/// tick is covered exactly, so the optimum is the lower bound, [`PERFECT_HEIGHT`], and
/// the cut positions are the answer. Each cut splits a random piece (the largest by area half
/// of the time), across its longer side relative to the rectangle most of the time, at a
/// uniform position: across memory at a multiple of 64 bytes, across time at a tick.
/// Alignment 1; deterministic for a seed.
pub fn perfect_packing(count: usize, seed: u64) -> Result<Problem, PlanError> {
    let buffers = perfect_pieces(count, seed)
        .into_iter()
        .map(|(t, w, _, h)| Buffer::new(h * 64, t, t + w - 1))
        .collect();
    Problem::new(buffers)
}

/// The offsets of [`perfect_packing`]'s own pieces: a plan at the optimum.
pub fn perfect_packing_offsets(count: usize, seed: u64) -> Vec<u64> {
    perfect_pieces(count, seed)
        .into_iter()
        .map(|(_, _, y, _)| y * 64)
        .collect()
}

/// The pieces of [`perfect_packing`] as (first tick, ticks, first 64-byte unit, units).
fn perfect_pieces(count: usize, seed: u64) -> Vec<(u64, u64, u64, u64)> {
    let mut rng = Rng::new(seed);
    let ticks = (count as u64).max(8);
    let units = PERFECT_HEIGHT / 64;
    // Pieces as (first tick, ticks, first 64-byte unit, units).
    let mut pieces: Vec<(u64, u64, u64, u64)> = vec![(0, ticks, 0, units)];
    let mut stuck = 0usize;
    while pieces.len() < count.max(1) && stuck < 64 * count + 64 {
        let index = if rng.percent(50) {
            (0..pieces.len())
                .max_by_key(|&i| (pieces[i].1 * pieces[i].3, std::cmp::Reverse(i)))
                .unwrap_or(0)
        } else {
            rng.range(0, pieces.len() as u64 - 1) as usize
        };
        let (t, w, y, h) = pieces[index];
        // Longer side relative to the whole rectangle, 75% of the time.
        let wide = w * units >= h * ticks;
        let across_time = if rng.percent(75) { wide } else { !wide };
        if across_time && w >= 2 {
            let cut = rng.range(1, w - 1);
            pieces[index] = (t, cut, y, h);
            pieces.push((t + cut, w - cut, y, h));
        } else if !across_time && h >= 2 {
            let cut = rng.range(1, h - 1);
            pieces[index] = (t, w, y, cut);
            pieces.push((t, w, y + cut, h - cut));
        } else {
            stuck += 1;
        }
    }
    pieces
}

/// A 4-tick x 12-byte rectangle cut into six buffers (optimum = lower bound = 12 bytes): the
/// smallest perfect packing the fills' tests check by hand.
#[cfg(test)]
pub fn small_cut_rectangle() -> Problem {
    Problem::new(vec![
        Buffer::new(4, 0, 1),
        Buffer::new(4, 2, 3),
        Buffer::new(4, 0, 3),
        Buffer::new(2, 0, 0),
        Buffer::new(2, 1, 3),
        Buffer::new(2, 0, 3),
    ])
    .expect("a valid problem")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trace_is_deterministic_and_sized() {
        let a = dnn_trace(500, 7).unwrap();
        let b = dnn_trace(500, 7).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.len(), 500);
        assert_ne!(a, dnn_trace(500, 8).unwrap());
    }

    #[test]
    fn perfect_packing_tiles_the_rectangle() {
        for (count, seed) in [(1, 1), (50, 2), (300, 3)] {
            let problem = perfect_packing(count, seed).unwrap();
            assert_eq!(problem.len(), count);
            assert_eq!(problem, perfect_packing(count, seed).unwrap());
            assert_eq!(crate::plan::lower_bound(&problem), PERFECT_HEIGHT);
            assert!(problem.buffers().iter().all(|b| b.size % 64 == 0));
            let plan =
                crate::plan::Plan::from_offsets(&problem, perfect_packing_offsets(count, seed));
            assert_eq!(crate::plan::check_plan(&problem, &plan), Ok(()));
            assert_eq!(plan.total, PERFECT_HEIGHT);
        }
    }

    #[test]
    fn shapes_are_deterministic_and_sized() {
        for shape in Shape::ALL {
            let a = shape_trace(shape, 300, 1).unwrap();
            assert_eq!(a, shape_trace(shape, 300, 1).unwrap());
            assert_eq!(a.len(), 300);
        }
    }
}
