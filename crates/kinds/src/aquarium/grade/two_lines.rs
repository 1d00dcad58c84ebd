//! Two lines counted together: the expert technique, and the most costly
//! one, so it has its own sums of two lines at once.

use super::board::{Board, Shape, extra, left, narrowed, open_parts, with};
use super::memo::{Memo, PairScratch, Pairs};
use super::sums::{Sums, add_sums, add_sums2, reverse, set_of};
use super::words::{both, effects, either, pair_name, ruled_out};

/// Two lines sharing tanks: what each tank's level adds to both at once,
/// summed over the tanks, must make what both need.
pub(super) fn two_lines(shape: &Shape, board: &Board, memo: &mut Memo) -> Option<(String, Board)> {
    let Memo { pairs, quiet_pairs, scratch, .. } = memo;
    let pairs = pairs.get_or_insert_with(|| {
        let pairs = Pairs::new(shape);
        quiet_pairs.resize(pairs.lines.len(), 0);
        pairs
    });
    for (k, &(a, b)) in pairs.lines.iter().enumerate() {
        if memo.changed[a] < quiet_pairs[k] && memo.changed[b] < quiet_pairs[k] {
            continue;
        }
        if !pairs.worth_counting(shape, board, k) {
            continue;
        }
        let found = two_lines_at(shape, board, a, b, &mut scratch.pair, scratch.words);
        if found.is_some() {
            return found;
        }
        quiet_pairs[k] = memo.now + 1;
    }
    None
}

/// The extra water tank `t` adds to `line` at surface `s` (none if it has
/// no cells there).
fn adds(shape: &Shape, board: &Board, line: usize, t: usize, s: usize) -> u32 {
    shape.part_in(line, t).map_or(0, |p| extra(shape, board, p, s))
}

/// One line's tanks in two-line counting: what each may add, up to what
/// the line has left, and the sums of those before and after each.
#[allow(clippy::too_many_arguments)]
fn one_line_sums(
    shape: &Shape,
    board: &Board,
    line: usize,
    tanks: &[usize],
    left: u32,
    sets: &mut Vec<Sums>,
    prefix: &mut Vec<Sums>,
    suffix: &mut Vec<Sums>,
) {
    sets.clear();
    sets.extend(tanks.iter().map(|&t| {
        (board.lo[t]..=board.hi[t])
            .map(|s| adds(shape, board, line, t, s))
            .filter(|&x| x <= left)
            .fold(0, |m, x| m | 1 << x)
    }));
    prefix.clear();
    prefix.resize(sets.len() + 1, 1);
    suffix.clear();
    suffix.resize(sets.len() + 1, 1);
    for (i, &set) in sets.iter().enumerate() {
        prefix[i + 1] = add_sums(set, prefix[i], left);
    }
    for (i, &set) in sets.iter().enumerate().rev() {
        suffix[i] = add_sums(set, suffix[i + 1], left);
    }
}

/// Two lines counted together, as [`two_lines`] does.
///
/// A tank that adds water to one of the two lines only is counted in that
/// line's sums alone, as [`line_sums`] counts a line: only the tanks adding
/// to both (few, often one) need the sums of the two lines at once. What
/// each tank's levels allow is the same as counting every tank in both.
pub(super) fn two_lines_at(
    shape: &Shape,
    board: &Board,
    a: usize,
    b: usize,
    scratch: &mut PairScratch,
    words: bool,
) -> Option<(String, Board)> {
    let (Some(left_a), Some(left_b)) = (left(shape, board, a), left(shape, board, b)) else { return None };
    if left_a > 126 || left_b > 126 {
        return None;
    }
    let PairScratch {
        tanks,
        only_a,
        only_b,
        shared,
        sets,
        prefix_a,
        suffix_a,
        prefix_b,
        suffix_b,
        options,
        starts,
        prefix,
        suffix,
        set,
        reversed,
        changes,
    } = scratch;
    let cap = (left_a, left_b);
    tanks.clear();
    tanks.extend(open_parts(shape, board, a).chain(open_parts(shape, board, b)).map(|p| p.tank));
    tanks.sort_unstable();
    tanks.dedup();
    let adds = |line: usize, t: usize, s: usize| adds(shape, board, line, t, s);
    // Each tank's place: adding to the first line only, the second only, or both.
    only_a.clear();
    only_b.clear();
    shared.clear();
    for &t in tanks.iter() {
        match (adds(a, t, board.lo[t]) > 0, adds(b, t, board.lo[t]) > 0) {
            (true, false) => only_a.push(t),
            (false, true) => only_b.push(t),
            _ => shared.push(t),
        }
    }
    one_line_sums(shape, board, a, only_a, left_a, sets, prefix_a, suffix_a);
    one_line_sums(shape, board, b, only_b, left_b, sets, prefix_b, suffix_b);
    let (sums_a, sums_b) = (suffix_a[0], suffix_b[0]);
    // What the shared tanks add to the two lines at each of their levels.
    options.clear();
    starts.clear();
    starts.push(0);
    for &t in shared.iter() {
        options.extend((board.lo[t]..=board.hi[t]).map(|s| (adds(a, t, s), adds(b, t, s))));
        starts.push(options.len());
    }
    let option = |i: usize| &options[starts[i]..starts[i + 1]];
    // Sets of sums kept flat, `width` to a tank: row `x` of tank `i` is at
    // `i * width + x`. The prefixes start from the tanks of one line each
    // (`x` from the first's, with any `y` from the second's), the suffixes
    // from nothing.
    let width = left_a as usize + 1;
    let n = shared.len();
    prefix.clear();
    prefix.resize((n + 1) * width, 0);
    suffix.clear();
    suffix.resize((n + 1) * width, 0);
    for (x, row) in prefix[..width].iter_mut().enumerate() {
        if sums_a & (1 << x) != 0 {
            *row = sums_b;
        }
    }
    suffix[n * width] = 1;
    set.clear();
    set.resize(width, 0);
    for i in 0..n {
        set_of(option(i), cap, set);
        let (done, rest) = prefix.split_at_mut((i + 1) * width);
        add_sums2(&done[i * width..], set, cap, &mut rest[..width]);
    }
    if prefix[n * width + left_a as usize] & (1 << left_b) == 0 {
        return None; // the puzzle breaks here; no deduction to draw from it
    }
    for i in (0..n).rev() {
        set_of(option(i), cap, set);
        let (rest, done) = suffix.split_at_mut((i + 1) * width);
        add_sums2(&done[..width], set, cap, &mut rest[i * width..]);
    }
    changes.clear();
    let mut narrow = |t: usize, fits: &dyn Fn(usize) -> bool| {
        if let Some((lo, hi)) = narrowed(board, t, fits)
            && (lo, hi) != (board.lo[t], board.hi[t])
        {
            changes.push((t, lo, hi));
        }
    };
    // A tank of the first line only: the rest of that line's tanks, with
    // the shared tanks' `x` that leave the second line able to make its
    // `left_b`, must make the first line's `left_a`.
    let all_shared = &suffix[..width];
    let shared_x =
        (0..width).filter(|&x| add_sums(all_shared[x], sums_b, left_b) & (1 << left_b) != 0).fold(0, |m, x| m | 1 << x);
    for (i, &t) in only_a.iter().enumerate() {
        let others = add_sums(add_sums(prefix_a[i], suffix_a[i + 1], left_a), shared_x, left_a);
        narrow(t, &|s| {
            let x = adds(a, t, s);
            x <= left_a && others & (1 << (left_a - x)) != 0
        });
    }
    // The same for a tank of the second line only.
    let shared_y = (0..width).filter(|&x| sums_a & (1 << (left_a as usize - x)) != 0).fold(0, |m, x| m | all_shared[x]);
    for (i, &t) in only_b.iter().enumerate() {
        let others = add_sums(add_sums(prefix_b[i], suffix_b[i + 1], left_b), shared_y, left_b);
        narrow(t, &|s| {
            let y = adds(b, t, s);
            y <= left_b && others & (1 << (left_b - y)) != 0
        });
    }
    // The suffixes' sums of the second line read backwards (bit `left_b - y`
    // for `y`), so that a prefix and a suffix make `y` between them exactly
    // where one AND tells.
    reversed.clear();
    reversed.extend(suffix.iter().map(|&m| reverse(m, left_b)));
    for (i, &t) in shared.iter().enumerate() {
        let before = &prefix[i * width..(i + 1) * width];
        let after = &reversed[(i + 1) * width..(i + 2) * width];
        // Whether the other tanks can give `x` and `y` to the two lines.
        let others =
            |x: u32, y: u32| (0..=x as usize).any(|x1| before[x1] & (after[x as usize - x1] >> (left_b - y)) != 0);
        let option = option(i);
        narrow(t, &|s| {
            let (x, y) = option[s - board.lo[t]];
            x <= left_a && y <= left_b && others(left_a - x, left_b - y)
        });
    }
    if changes.is_empty() {
        return None;
    }
    let next = with(board, changes);
    if !words {
        return Some((String::new(), next));
    }
    let shared: Vec<String> = tanks
        .iter()
        .filter(|&&t| shape.part_in(a, t).is_some() && shape.part_in(b, t).is_some())
        .map(|t| (t + 1).to_string())
        .collect();
    let what = format!(
        "{} need {left_a} and {left_b} more water; counting both at once, with tank{} {} in both, no way meets both with {}",
        pair_name(shape, a, b),
        if shared.len() == 1 { "" } else { "s" },
        both(&shared),
        either(&ruled_out(board, &next)),
    );
    Some((format!("{what}; so {}", effects(board, &next)), next))
}
