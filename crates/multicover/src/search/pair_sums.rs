//! The 2-D walk of the reasoning on pairs (see [`super::pairs`]) over sets
//! of sums alone: which pairs of weights of the groups that move both
//! items, and which weights of the groups that move one, some choice of
//! the others completes into both ranges. It reads no search state.

use super::sum_sets::{sum_set, window};

/// Which of a pair's two items a weight is read on.
#[derive(Clone, Copy)]
pub(super) enum Side {
    First,
    Second,
}

impl Side {
    fn of(self, (x, y): (u32, u32)) -> u32 {
        match self {
            Side::First => x,
            Side::Second => y,
        }
    }
}

/// The bits of a row of the 2-D walk: the sums on a pair's second item.
pub(super) trait Row:
    Copy
    + Default
    + PartialEq
    + std::ops::BitOr<Output = Self>
    + std::ops::BitOrAssign
    + std::ops::BitAnd<Output = Self>
    + std::ops::Shl<u32, Output = Self>
    + std::ops::Shr<u32, Output = Self>
{
    /// The row of these sums, which fit.
    fn of(sums: u128) -> Self;
    fn sums(self) -> u128;
}

impl Row for u64 {
    #[inline(always)]
    fn of(sums: u128) -> u64 {
        debug_assert_eq!(sums >> 64, 0, "the sums fit a u64");
        sums as u64
    }
    #[inline(always)]
    fn sums(self) -> u128 {
        u128::from(self)
    }
}

impl Row for u128 {
    #[inline(always)]
    fn of(sums: u128) -> u128 {
        sums
    }
    #[inline(always)]
    fn sums(self) -> u128 {
        self
    }
}

/// The 2-D walk's sets (see `walk_both`), kept between pairs.
#[derive(Default)]
pub(super) struct Walk<R> {
    /// before[t * rows + r]: the sums of the first t two-item groups whose
    /// first is r, zero outside rows `span[t]` (inclusive, empty when the
    /// first end passes the second); the rows outside are not cleared, nor
    /// read.
    before: Vec<R>,
    /// `back[r]`: the sums (r, columns) that two-item groups t.. and the
    /// one-item groups complete into both ranges, zero outside the rows
    /// the walk tracks (not cleared either); `next` the same for t - 1.
    back: Vec<R>,
    next: Vec<R>,
}

/// What the 2-D walk of one pair reads: the two-item groups `both`
/// (places in `starts`, their weights in `weights`), whose sums on the
/// first item go up to `rows - 1` and on the second up to `top_j`, and
/// the sums the one-item groups complete (`rows_ok` on the first item,
/// `columns_ok` on the second).
pub(super) struct PairSums<'a> {
    pub(super) both: &'a [usize],
    pub(super) weights: &'a [(u32, u32)],
    pub(super) starts: &'a [usize],
    pub(super) rows: usize,
    pub(super) top_j: u32,
    pub(super) rows_ok: u128,
    pub(super) columns_ok: u128,
}

/// The 2-D sets of a pair's two-item groups, walked from and towards what
/// the one-item groups complete. Adds to `found` the weights of those
/// groups that no choice of the others completes, last group first, and
/// returns the sums on each item that the two-item groups reach and the
/// one-item groups complete; `None` when there are none. `span` is
/// scratch: the rows of the forward sets that may be non-zero, per group.
/// Kept out of line: inlined into the reasoning's loop it cost that loop
/// more than the call saved (instruction counts on random 40x40 Aquarium
/// puzzles).
#[inline(never)]
pub(super) fn walk_both<R: Row>(
    walk: &mut Walk<R>,
    pair: &PairSums,
    span: &mut Vec<(usize, usize)>,
    found: &mut Vec<(usize, u32, u32)>,
) -> Option<(u128, u128)> {
    let PairSums { both, weights, starts, rows, top_j, rows_ok, columns_ok } = *pair;
    let n = both.len();
    let zero = R::default();
    let columns = R::of(window(0, top_j));
    let columns_ok_row = R::of(columns_ok);
    let fits = |x: u32, y: u32| (x as usize) < rows && y <= top_j;
    if walk.before.len() < (n + 1) * rows {
        walk.before.resize((n + 1) * rows, zero);
    }
    span.clear();
    walk.before[0] = R::of(1);
    span.push((0, 0));
    for t in 0..n {
        let (lo, hi) = span[t];
        let k = both[t];
        let weights = &weights[starts[k]..starts[k + 1]];
        let (mut new_lo, mut new_hi) = (rows, 0);
        if lo <= hi {
            for &(x, y) in weights {
                let x = x as usize;
                if fits(x as u32, y) && lo + x < rows {
                    new_lo = new_lo.min(lo + x);
                    new_hi = new_hi.max((hi + x).min(rows - 1));
                }
            }
        }
        span.push((new_lo, new_hi));
        if new_lo > new_hi {
            continue;
        }
        let (done, rest) = walk.before.split_at_mut((t + 1) * rows);
        let (prev, cur) = (&done[t * rows..], &mut rest[..rows]);
        cur[new_lo..=new_hi].fill(zero);
        for &(x, y) in weights {
            let x = x as usize;
            if fits(x as u32, y) && lo + x < rows {
                for r in lo..=hi.min(rows - 1 - x) {
                    cur[r + x] |= (prev[r] << y) & columns;
                }
            }
        }
    }
    // The two-item groups' sums that the one-item groups complete: per
    // item, the sums on it whose other end some completed sum shares.
    let (lo, hi) = span[n];
    let (mut first_met, mut second_met) = (0u128, 0u128);
    for r in lo..=hi.min(rows - 1) {
        let sums = walk.before[n * rows + r];
        if sums & columns_ok_row != zero {
            first_met |= 1 << r;
        }
        if rows_ok >> r & 1 == 1 {
            second_met |= sums.sums();
        }
    }
    if first_met & rows_ok == 0 {
        return None;
    }
    // Kills in the order of `both` (the pair's order of its groups), last
    // first, as one 2-D walk over them all would find them.
    if walk.back.len() < rows {
        walk.back.resize(rows, zero);
        walk.next.resize(rows, zero);
    }
    let (mut back_lo, mut back_hi) = (rows_ok.trailing_zeros() as usize, 127 - rows_ok.leading_zeros() as usize);
    for r in back_lo..=back_hi {
        walk.back[r] = if rows_ok >> r & 1 == 1 { columns_ok_row } else { zero };
    }
    for t in (0..n).rev() {
        let prev = &walk.before[t * rows..(t + 1) * rows];
        let (lo, hi) = span[t];
        let k = both[t];
        let weights = &weights[starts[k]..starts[k + 1]];
        // The rows of the sets of groups t-1.. (not needed below group 0):
        // only those the forward sets reach (group t-1 reads them from its
        // forward rows plus its weights, which land in `span[t]`).
        let (mut next_lo, mut next_hi) = (rows, 0);
        if t > 0 && back_lo <= back_hi {
            for &(x, y) in weights {
                let x = x as usize;
                if fits(x as u32, y) && x <= back_hi {
                    next_lo = next_lo.min(back_lo.saturating_sub(x));
                    next_hi = next_hi.max(back_hi - x);
                }
            }
            (next_lo, next_hi) = (next_lo.max(lo), next_hi.min(hi));
            if next_lo <= next_hi {
                walk.next[next_lo..=next_hi].fill(zero);
            }
        }
        for &(x, y) in weights {
            let x_at = x as usize;
            let mut met = false;
            if fits(x, y) && back_lo <= back_hi && x_at <= back_hi {
                let (from, to) = (back_lo.saturating_sub(x_at), back_hi - x_at);
                let back = &walk.back[..rows];
                let (from, to) = (from.max(lo), to.min(hi));
                met = (from..=to).any(|r| (prev[r] << y) & back[r + x_at] != zero);
                if t > 0 {
                    for r in from..=to {
                        walk.next[r] |= back[r + x_at] >> y;
                    }
                }
            }
            if !met {
                found.push((k, x, y));
            }
        }
        std::mem::swap(&mut walk.back, &mut walk.next);
        (back_lo, back_hi) = (next_lo, next_hi);
    }
    Some((first_met, second_met))
}

/// `out[t]`: the sums up to `top` that the first `t` of `groups` (places
/// in `starts`) add to the item on `side`.
pub(super) fn prefix_sums(
    groups: &[usize],
    weights: &[(u32, u32)],
    starts: &[usize],
    side: Side,
    top: u32,
    out: &mut Vec<u128>,
) {
    out.clear();
    out.push(1);
    for &k in groups {
        let before = *out.last().expect("the empty sum");
        // The group's weights on the item, as a set (those past `top` end
        // no sum in range).
        let set = weights[starts[k]..starts[k + 1]]
            .iter()
            .map(|&w| side.of(w))
            .filter(|&x| x <= top)
            .fold(0u128, |set, x| set | 1 << x);
        out.push(sum_set(before, set, top));
    }
}

/// The sums up to `top` that some sum in `sums` completes into `range`.
#[inline]
pub(super) fn completed_by(sums: u128, range: u128, top: u32) -> u128 {
    let mut out = 0;
    let mut rest = sums;
    while rest != 0 {
        let a = rest.trailing_zeros();
        rest &= rest - 1;
        out |= range >> a;
    }
    out & window(0, top)
}

/// Of the one-item `groups` (with `prefix` from `prefix_sums`), the
/// weights that no sums of the others of the list complete into `need`,
/// onto `found` as (place, weights).
#[allow(clippy::too_many_arguments)]
pub(super) fn bad_weights(
    groups: &[usize],
    prefix: &[u128],
    weights: &[(u32, u32)],
    starts: &[usize],
    side: Side,
    need: u128,
    top: u32,
    found: &mut Vec<(usize, u32, u32)>,
) {
    // back: the sums that the groups after the current one complete.
    let mut back = need;
    for t in (0..groups.len()).rev() {
        let k = groups[t];
        let mut next = 0;
        for &w in &weights[starts[k]..starts[k + 1]] {
            let x = side.of(w);
            if x > top || (prefix[t] << x) & back == 0 {
                found.push((k, w.0, w.1));
            }
            if x <= top {
                next |= back >> x;
            }
        }
        back = next;
    }
}
