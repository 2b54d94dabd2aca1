//! What the checker reports: a finding (leak, double free, use after free,
//! ...) or an undecided case, at an op, along one concrete path.

use crate::analysis::snapshot::{BlockId, OpId};

/// What is wrong, at which op.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FindingKind {
    /// The site is live when the function (or a region it cannot leave) is
    /// left at `at`.
    Leak,
    /// `at` allocates the site again while its previous buffer is live and
    /// named by nothing.
    LeakOnReallocation,
    /// On entry to the block of `at`, a live buffer of the site is named by
    /// no value any more (typically the previous iteration's buffer of a
    /// loop): it can never be freed.
    Lost,
    /// `at` frees the site a second time.
    DoubleFree,
    /// `at` uses the site after its free.
    UseAfterFree,
    /// `at` returns the site after its free.
    ReturnOfFreed,
    /// `at` hands the site to the caller a second time (the caller would free
    /// it twice).
    ReturnedTwice,
    /// `at` frees memory the function does not own (an argument, an alloca,
    /// memory of unknown origin).
    FreeOfNotOwned,
    /// `at` returns memory the function does not own (an argument, an
    /// alloca, a global): the caller, who owns every returned buffer, would
    /// free it.
    ReturnOfNotOwned,
    /// The checker cannot decide the function (see the module docs).
    Undecided(String),
}

/// One finding: `kind` for `site` (the allocation op, when there is one) at
/// `at`, along `path`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    pub kind: FindingKind,
    pub site: Option<OpId>,
    pub at: OpId,
    /// The first free of the site, for double frees and uses after free.
    pub freed_by: Option<OpId>,
    /// One path to the fault: the blocks entered, in order.
    pub path: Vec<BlockId>,
}
