//! The techniques. Each looks at the board and returns its first
//! deduction (the words, and the board with the tanks' ranges it narrows),
//! or nothing. One deduction takes in all a line gives by that technique at
//! once, as a person crossing out a row's cells does.
//!
//! A line's water is what its tanks give it; a tank at surface `s` gives a
//! line its cells there at or below row `s`. The water a tank may still add
//! to a line, over what it surely gives (its surface as low as it may be),
//! is its "extra"; the water a line still needs is its "left".

use std::collections::VecDeque;
use std::fmt::Write;

use super::{Board, Part, Shape, Technique, Water};

/// A deduction: its technique, its words, the board after it.
pub(super) type Found = (Technique, String, Board);

/// Which lines a technique looks at.
#[derive(Clone, Copy)]
enum Lines {
    All,
    Rows,
    Columns,
}

/// A technique that looks at one line at a time.
type AtLine = fn(&Shape, &Board, usize, &mut Scratch) -> Option<(String, Board)>;

/// The techniques of one line, in the order they are tried.
const BY_LINE: [(Technique, AtLine, Lines); 7] = [
    (Technique::FinishedLine, finished_line_at, Lines::All),
    (Technique::FullLine, full_line_at, Lines::All),
    (Technique::TooWide, too_much_at, Lines::Rows),
    (Technique::PieceNeeded, needed_at, Lines::Rows),
    (Technique::LevelFromAbove, too_much_at, Lines::Columns),
    (Technique::LevelFromBelow, needed_at, Lines::Columns),
    (Technique::PieceSums, piece_sums_at, Lines::All),
];

/// What the searches so far found nothing in. A technique's verdict on a
/// line (or a pair of lines) depends only on the ranges of the tanks in it,
/// so after each step only the lines whose tanks it narrowed are looked at
/// again: the same steps, found without searching the whole grid each time.
pub(super) struct Memo {
    /// Steps taken so far.
    now: u64,
    /// For each line, the step that last narrowed one of its tanks.
    changed: Vec<u64>,
    /// For each technique of [`BY_LINE`] and each line, one past the step at
    /// which it last found nothing there (0: not looked at yet).
    quiet: Vec<Vec<u64>>,
    /// The pairs of lines two-line counting may look at (worked out when
    /// first needed: most puzzles never need them), and for each the same
    /// as `quiet`.
    pairs: Option<Pairs>,
    quiet_pairs: Vec<u64>,
    /// The lines each tank has cells in.
    tank_lines: Vec<Vec<usize>>,
    scratch: Scratch,
}

/// Buffers the line sums and their propagation reuse from one call to the
/// next: grading calls them thousands of times a puzzle, and allocating
/// them afresh each time cost more than the sums.
#[derive(Default)]
pub(super) struct Scratch {
    /// Whether the steps' words are wanted: without them a step is only
    /// the board it leaves, and the formatting (a tenth of the grading)
    /// is skipped.
    words: bool,
    /// Indices, in the line's parts, of those that can still add water.
    parts: Vec<usize>,
    sets: Vec<Sums>,
    prefix: Vec<Sums>,
    suffix: Vec<Sums>,
    /// What the last [`line_sums`] narrowed: (tank, lo, hi).
    changes: Vec<(usize, usize, usize)>,
    queued: Vec<bool>,
    queue: VecDeque<usize>,
    pair: PairScratch,
    /// Each line's known and most water on the board being searched, with
    /// the search it was summed in: the techniques of one line all start
    /// from these sums.
    sums: Vec<(u64, u32, u32)>,
    search: u64,
}

impl Scratch {
    /// Starts a search of another board: the sums kept are stale.
    fn new_board(&mut self) {
        self.search += 1;
    }

    /// [`Board::known_most`] of a line of the board being searched.
    fn known_most(&mut self, shape: &Shape, board: &Board, line: usize) -> (u32, u32) {
        if self.sums.len() < shape.lines() {
            self.sums.resize(shape.lines(), (u64::MAX, 0, 0)); // summed in no search
        }
        let (search, known, most) = self.sums[line];
        if search == self.search {
            return (known, most);
        }
        let (known, most) = board.known_most(shape, line);
        self.sums[line] = (self.search, known, most);
        (known, most)
    }
}

impl Memo {
    pub(super) fn new(shape: &Shape, words: bool) -> Memo {
        let mut tank_lines = vec![Vec::new(); shape.tanks()];
        for line in 0..shape.lines() {
            for p in &shape.parts[line] {
                tank_lines[p.tank].push(line);
            }
        }
        Memo {
            now: 0,
            changed: vec![0; shape.lines()],
            quiet: vec![vec![0; shape.lines()]; BY_LINE.len()],
            pairs: None,
            quiet_pairs: Vec::new(),
            tank_lines,
            scratch: Scratch { words, ..Scratch::default() },
        }
    }

    /// Notes a step from `board` to `next`, and puts in `tanks` and `lines`
    /// the tanks it narrowed and the lines they are in (each once).
    pub(super) fn moved(&mut self, board: &Board, next: &Board, tanks: &mut Vec<usize>, lines: &mut Vec<usize>) {
        self.now += 1;
        tanks.clear();
        lines.clear();
        for t in 0..board.lo.len() {
            if (board.lo[t], board.hi[t]) != (next.lo[t], next.hi[t]) {
                tanks.push(t);
                for &line in &self.tank_lines[t] {
                    if self.changed[line] != self.now {
                        self.changed[line] = self.now;
                        lines.push(line);
                    }
                }
            }
        }
    }

    fn unchanged_since(&self, quiet: u64, line: usize) -> bool {
        self.changed[line] < quiet
    }
}

/// The first deduction of the simplest technique that finds one.
pub(super) fn next_step(shape: &Shape, board: &Board, memo: &mut Memo) -> Option<Found> {
    memo.scratch.new_board();
    for (k, &(technique, at, lines)) in BY_LINE.iter().enumerate() {
        for line in lines_of(shape, lines) {
            if memo.unchanged_since(memo.quiet[k][line], line) {
                continue;
            }
            match at(shape, board, line, &mut memo.scratch) {
                Some((text, next)) => return Some((technique, text, next)),
                None => memo.quiet[k][line] = memo.now + 1,
            }
        }
    }
    if let Some((text, next)) = two_lines(shape, board, memo) {
        return Some((Technique::TwoLines, text, next));
    }
    contradiction(shape, board, memo).map(|(text, next)| (Technique::Contradiction, text, next))
}

/// The first deduction of one technique of a line, looking at every line
/// afresh.
#[cfg(test)]
pub(super) fn first_of(shape: &Shape, board: &Board, technique: Technique) -> Option<(String, Board)> {
    let &(_, at, lines) = BY_LINE.iter().find(|(t, _, _)| *t == technique)?;
    let mut scratch = Scratch { words: true, ..Scratch::default() };
    lines_of(shape, lines).find_map(|line| at(shape, board, line, &mut scratch))
}

/// The extra water `part`'s tank adds to its line at surface `s`.
fn extra(shape: &Shape, board: &Board, part: &Part, s: usize) -> u32 {
    shape.gives(part, s) - shape.gives(part, board.hi[part.tank])
}

/// The parts of a line whose tank can still add water to it.
fn open_parts<'a>(shape: &'a Shape, board: &'a Board, line: usize) -> impl Iterator<Item = &'a Part> + 'a {
    shape.parts[line].iter().filter(move |p| extra(shape, board, p, board.lo[p.tank]) > 0)
}

/// The water a line still needs, if it is not already over its clue.
fn left(shape: &Shape, board: &Board, line: usize) -> Option<u32> {
    shape.clues[line].checked_sub(board.known(shape, line))
}

/// The surfaces `lo..=hi` of `part`'s tank that `keep` allows, as the
/// narrowest range holding them all; `None` if it allows none.
fn narrowed(board: &Board, tank: usize, keep: impl Fn(usize) -> bool) -> Option<(usize, usize)> {
    let (lo, hi) = (board.lo[tank], board.hi[tank]);
    let new_lo = (lo..=hi).find(|&s| keep(s))?;
    let new_hi = (lo..=hi).rev().find(|&s| keep(s))?;
    Some((new_lo, new_hi))
}

/// `board` with the ranges of `changes` (tank, lo, hi) put in.
fn with(board: &Board, changes: &[(usize, usize, usize)]) -> Board {
    let mut next = board.clone();
    for &(t, lo, hi) in changes {
        next.lo[t] = lo;
        next.hi[t] = hi;
    }
    next
}

/// Writes "row 3" or "rows 3-5", 1-based, for rows `from..to` (0-based,
/// end excluded).
fn write_rows(out: &mut String, from: usize, to: usize) {
    let _ = if to == from + 1 { write!(out, "row {}", from + 1) } else { write!(out, "rows {}-{}", from + 1, to) };
}

/// What a deduction settles, tank by tank: "tank 7 is air in rows 2-3;
/// tank 4 is water in rows 5-6". Written into one string: every step
/// has these words.
fn effects(board: &Board, next: &Board) -> String {
    let mut out = String::new();
    for t in 0..board.lo.len() {
        let (air, water) = (next.lo[t] > board.lo[t], next.hi[t] < board.hi[t]);
        if !air && !water {
            continue;
        }
        if !out.is_empty() {
            out.push_str("; ");
        }
        let _ = write!(out, "tank {} is ", t + 1);
        if air {
            out.push_str("air in ");
            write_rows(&mut out, board.lo[t], next.lo[t]);
        }
        if air && water {
            out.push_str(" and ");
        }
        if water {
            out.push_str("water in ");
            write_rows(&mut out, next.hi[t], board.hi[t]);
        }
    }
    out
}

/// What a narrowing rules out, tank by tank: "water in row 3 of tank 7"
/// (its surface cannot be that high) or "air in row 5 of tank 2" (nor that
/// low).
fn ruled_out(board: &Board, next: &Board) -> Vec<String> {
    let mut out = Vec::new();
    for t in 0..board.lo.len() {
        if next.lo[t] > board.lo[t] {
            out.push(format!("water in row {} of tank {}", next.lo[t], t + 1));
        }
        if next.hi[t] < board.hi[t] {
            out.push(format!("air in row {} of tank {}", next.hi[t] + 1, t + 1));
        }
    }
    out
}

/// "a, b and c".
fn both(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "a, b or c".
fn either(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

fn lines_of(shape: &Shape, lines: Lines) -> std::ops::Range<usize> {
    match lines {
        Lines::All => 0..shape.lines(),
        Lines::Rows => 0..shape.height,
        Lines::Columns => shape.height..shape.lines(),
    }
}

/// A line already holds its clue: its open cells are air.
fn finished_line_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let (known, _) = scratch.known_most(shape, board, line);
    if shape.clues[line].checked_sub(known) != Some(0) {
        return None;
    }
    let changes: Vec<_> = open_parts(shape, board, line)
        .filter_map(|p| {
            let (lo, hi) = narrowed(board, p.tank, |s| extra(shape, board, p, s) == 0)?;
            Some((p.tank, lo, hi))
        })
        .collect();
    if changes.is_empty() {
        return None;
    }
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let what =
        format!("{} already holds its {} water, so its open cells are air", shape.line_name(line), shape.clues[line]);
    Some((format!("{what}: {}", effects(board, &next)), next))
}

/// A line's open cells are just the water it still needs: all water.
fn full_line_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let (known, most) = scratch.known_most(shape, board, line);
    let left = shape.clues[line].checked_sub(known)?;
    let room = most - known;
    if left == 0 || left != room {
        return None;
    }
    let changes: Vec<_> = open_parts(shape, board, line)
        .filter_map(|p| {
            let most = extra(shape, board, p, board.lo[p.tank]);
            let (lo, hi) = narrowed(board, p.tank, |s| extra(shape, board, p, s) == most)?;
            Some((p.tank, lo, hi))
        })
        .collect();
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let (cells, they) = if left == 1 { ("cell", "it is") } else { ("cells", "they are") };
    let what =
        format!("{} needs {left} more water and has just {left} open {cells}, so {they} water", shape.line_name(line));
    Some((format!("{what}: {}", effects(board, &next)), next))
}

/// Tanks that would bring a line more water than it has left cannot rise
/// that high: in a row, a piece too wide; in a column, a level capped from
/// above.
fn too_much_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let rows = shape.is_row(line);
    let (known, most) = scratch.known_most(shape, board, line);
    let left = shape.clues[line].checked_sub(known)?;
    // No tank adds more than all of them together: with room for no more
    // than is left, none is too much.
    if most - known <= left {
        return None;
    }
    let mut changes = Vec::new();
    let mut why = Vec::new();
    for p in open_parts(shape, board, line) {
        let Some((lo, hi)) = narrowed(board, p.tank, |s| extra(shape, board, p, s) <= left) else { continue };
        if lo == board.lo[p.tank] {
            continue;
        }
        changes.push((p.tank, lo, hi));
        if !scratch.words {
            continue;
        }
        // The lowest surface ruled out, and what it would bring.
        let brings = extra(shape, board, p, lo - 1);
        why.push(if rows {
            format!("the {brings}-cell piece of tank {}", p.tank + 1)
        } else {
            format!("water in row {} of tank {} would bring it {brings}", lo, p.tank + 1)
        });
    }
    if changes.is_empty() {
        return None;
    }
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let name = shape.line_name(line);
    let what = if rows {
        let verb = if why.len() == 1 { "is" } else { "are" };
        format!("{name} has {left} water left: {} {verb} too wide for it", both(&why))
    } else {
        format!("{name} has {left} water left: {}", both(&why))
    };
    Some((format!("{what}; so {}", effects(board, &next)), next))
}

/// Tanks without which a line cannot reach its clue must give it the
/// difference: in a row, a piece needed; in a column, a level forced from
/// below.
fn needed_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    let rows = shape.is_row(line);
    let (known, most) = scratch.known_most(shape, board, line);
    let left = shape.clues[line].checked_sub(known)?;
    let room = most - known;
    if left == 0 || room < left {
        return None;
    }
    let mut changes = Vec::new();
    let mut why = Vec::new();
    for p in open_parts(shape, board, line) {
        let own = extra(shape, board, p, board.lo[p.tank]);
        let elsewhere = room - own;
        if elsewhere >= left {
            continue;
        }
        let need = left - elsewhere;
        let Some((lo, hi)) = narrowed(board, p.tank, |s| extra(shape, board, p, s) >= need) else { continue };
        if hi == board.hi[p.tank] {
            continue;
        }
        changes.push((p.tank, lo, hi));
        if !scratch.words {
            continue;
        }
        why.push(if rows {
            format!("without the {own}-cell piece of tank {} it has room for {elsewhere}", p.tank + 1)
        } else {
            format!("outside tank {} it has room for {elsewhere}, so that tank gives at least {need}", p.tank + 1)
        });
    }
    if changes.is_empty() {
        return None;
    }
    let next = with(board, &changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let what = format!("{} needs {left} more water: {}", shape.line_name(line), why.join("; "));
    Some((format!("{what}; so {}", effects(board, &next)), next))
}

/// Sums up to 127 as a bit set: bit `k` set when `k` can be made.
type Sums = u128;

/// Every sum of one value from `a` and one from `b`, up to `cap`: one
/// shifted copy of `b` for each value in `a`, so `a` should be the set with
/// fewer values (a tank's few levels, beside the many sums of the tanks
/// before it).
fn add_sums(a: Sums, b: Sums, cap: u32) -> Sums {
    let mut out = 0;
    let mut rest = a;
    while rest != 0 {
        let k = rest.trailing_zeros();
        rest &= rest - 1;
        out |= b << k;
    }
    out & mask(cap)
}

/// The bits `0..=width` of `m` in reverse order.
fn reverse(m: Sums, width: u32) -> Sums {
    (m & mask(width)).reverse_bits() >> (127 - width)
}

fn mask(cap: u32) -> Sums {
    if cap >= 127 { Sums::MAX } else { (1 << (cap + 1)) - 1 }
}

/// What the open tanks of a line may add, as sets of sums, and for each
/// tank the surfaces that leave the rest able to make `left`: the ranges
/// narrowed to those, left in `scratch.changes`. `false` when no choice
/// makes `left` at all.
fn line_sums(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> bool {
    let Scratch { parts, sets, prefix, suffix, changes, .. } = scratch;
    changes.clear();
    let Some(left) = left(shape, board, line) else { return false };
    let all = &shape.parts[line];
    parts.clear();
    sets.clear();
    for (i, p) in all.iter().enumerate() {
        if extra(shape, board, p, board.lo[p.tank]) > 0 {
            parts.push(i);
            sets.push(
                (board.lo[p.tank]..=board.hi[p.tank]).fold(0, |m, s| m | 1 << extra(shape, board, p, s).min(127)),
            );
        }
    }
    let n = sets.len();
    prefix.clear();
    prefix.resize(n + 1, 1);
    for i in 0..n {
        prefix[i + 1] = add_sums(sets[i], prefix[i], left);
    }
    if prefix[n] & (1 << left) == 0 {
        return false;
    }
    suffix.clear();
    suffix.resize(n + 1, 1);
    for i in (0..n).rev() {
        suffix[i] = add_sums(sets[i], suffix[i + 1], left);
    }
    for (i, &k) in parts.iter().enumerate() {
        let p = &all[k];
        let others = add_sums(prefix[i], suffix[i + 1], left);
        let fits = |s: usize| {
            let e = extra(shape, board, p, s);
            e <= left && others & (1 << (left - e)) != 0
        };
        let Some((lo, hi)) = narrowed(board, p.tank, fits) else { return false };
        if (lo, hi) != (board.lo[p.tank], board.hi[p.tank]) {
            changes.push((p.tank, lo, hi));
        }
    }
    true
}

/// No sum of what the open tanks can add to a line makes what it needs,
/// with some tank at some of its levels.
fn piece_sums_at(shape: &Shape, board: &Board, line: usize, scratch: &mut Scratch) -> Option<(String, Board)> {
    if !line_sums(shape, board, line, scratch) || scratch.changes.is_empty() {
        return None;
    }
    let left = left(shape, board, line).expect("line_sums found the line under its clue");
    let next = with(board, &scratch.changes);
    if !scratch.words {
        return Some((String::new(), next));
    }
    let gives: Vec<String> = open_parts(shape, board, line)
        .map(|p| {
            let mut values: Vec<u32> =
                (board.lo[p.tank]..=board.hi[p.tank]).map(|s| extra(shape, board, p, s)).collect();
            values.sort_unstable();
            values.dedup();
            let values: Vec<String> = values.iter().map(u32::to_string).collect();
            format!("tank {} {}", p.tank + 1, either(&values))
        })
        .collect();
    let what = format!(
        "{} needs {left} more water, and its open tanks can add: {}; no sum makes {left} with {}",
        shape.line_name(line),
        gives.join(", "),
        either(&ruled_out(board, &next)),
    );
    Some((format!("{what}; so {}", effects(board, &next)), next))
}

/// Every pair of lines that share a tank, in the order a person looks at
/// them (two rows, then two columns, then a row with a column; neighbours
/// first), with the tanks each pair shares. Worked out once: at each search
/// only the pairs still sharing a tank that can add water to both are
/// counted.
pub(super) struct Pairs {
    lines: Vec<(usize, usize)>,
    /// The tanks of pair `k` are `tanks[starts[k]..starts[k + 1]]`.
    starts: Vec<usize>,
    tanks: Vec<usize>,
}

impl Pairs {
    fn new(shape: &Shape) -> Pairs {
        let (rows, lines) = (shape.height, shape.lines());
        // Two rows, two columns, then a row with a column; each by the
        // distance between the lines' numbers, then by the first.
        let mut order = Vec::new();
        for (from, to) in [(0, rows), (rows, lines)] {
            for d in 1..to - from {
                order.extend((from..to - d).map(|a| (a, a + d)));
            }
        }
        for d in 1..lines {
            order.extend((0..rows).filter(|&a| a + d >= rows && a + d < lines).map(|a| (a, a + d)));
        }
        let mut pairs = Pairs { lines: Vec::new(), starts: vec![0], tanks: Vec::new() };
        for (a, b) in order {
            let before = pairs.tanks.len();
            pairs.tanks.extend(shape.parts[a].iter().map(|p| p.tank).filter(|&t| shape.part_in(b, t).is_some()));
            if pairs.tanks.len() > before {
                pairs.lines.push((a, b));
                pairs.starts.push(pairs.tanks.len());
            }
        }
        pairs
    }

    /// Whether pair `k` shares a tank that can still add water to both.
    fn worth_counting(&self, shape: &Shape, board: &Board, k: usize) -> bool {
        let (a, b) = self.lines[k];
        self.tanks[self.starts[k]..self.starts[k + 1]].iter().any(|&t| {
            let adds = |line| shape.part_in(line, t).is_some_and(|p| extra(shape, board, p, board.lo[t]) > 0);
            board.open(t) && adds(a) && adds(b)
        })
    }
}

/// "rows 4 and 5", "columns 2 and 7", "row 3 and column 8".
fn pair_name(shape: &Shape, a: usize, b: usize) -> String {
    match (shape.is_row(a), shape.is_row(b)) {
        (true, true) => format!("rows {} and {}", a + 1, b + 1),
        (false, false) => format!("columns {} and {}", a - shape.height + 1, b - shape.height + 1),
        _ => format!("{} and {}", shape.line_name(a), shape.line_name(b)),
    }
}

/// Sums in two lines at once, as a slice of [`Sums`]: row `x` holds bit
/// `y` when `x` water can go to the first line together with `y` to the
/// second.
///
/// `out` = every sum of one pair from `a` and one from `b`, up to `cap`.
fn add_sums2(a: &[Sums], b: &[Sums], cap: (u32, u32), out: &mut [Sums]) {
    let width = cap.0 as usize + 1;
    out[..width].fill(0);
    for (x1, &ya) in a.iter().take(width).enumerate() {
        if ya == 0 {
            continue;
        }
        for (x2, &yb) in b.iter().take(width - x1).enumerate() {
            if yb != 0 {
                out[x1 + x2] |= add_sums(yb, ya, cap.1);
            }
        }
    }
}

/// The sums of one tank's `options` as [`add_sums2`] reads them.
fn set_of(options: &[(u32, u32)], cap: (u32, u32), set: &mut [Sums]) {
    set.fill(0);
    for &(x, y) in options {
        if x <= cap.0 && y <= cap.1 {
            set[x as usize] |= 1 << y;
        }
    }
}

/// Two lines sharing tanks: what each tank's level adds to both at once,
/// summed over the tanks, must make what both need.
fn two_lines(shape: &Shape, board: &Board, memo: &mut Memo) -> Option<(String, Board)> {
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

/// Buffers [`two_lines_at`] reuses from one pair to the next.
#[derive(Default)]
pub(super) struct PairScratch {
    /// The open tanks of the two lines, and those adding to the first
    /// only, the second only, or both.
    tanks: Vec<usize>,
    only_a: Vec<usize>,
    only_b: Vec<usize>,
    shared: Vec<usize>,
    /// One line's tanks' sets of sums, and their prefixes and suffixes.
    sets: Vec<Sums>,
    prefix_a: Vec<Sums>,
    suffix_a: Vec<Sums>,
    prefix_b: Vec<Sums>,
    suffix_b: Vec<Sums>,
    /// What shared tank `i` adds to both lines at each of its levels is
    /// `options[starts[i]..starts[i + 1]]`.
    options: Vec<(u32, u32)>,
    starts: Vec<usize>,
    prefix: Vec<Sums>,
    suffix: Vec<Sums>,
    set: Vec<Sums>,
    reversed: Vec<Sums>,
    changes: Vec<(usize, usize, usize)>,
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
/// Follows the line sums from `board` until nothing changes. `Err` names
/// the line found unable to make its clue.
fn propagate(
    shape: &Shape,
    board: &mut Board,
    tank_lines: &[Vec<usize>],
    start: usize,
    scratch: &mut Scratch,
) -> Result<(), usize> {
    scratch.queued.clear();
    scratch.queued.resize(shape.lines(), false);
    scratch.queue.clear();
    for &l in &tank_lines[start] {
        if !scratch.queued[l] {
            scratch.queued[l] = true;
            scratch.queue.push_back(l);
        }
    }
    while let Some(line) = scratch.queue.pop_front() {
        scratch.queued[line] = false;
        if !line_sums(shape, board, line, scratch) {
            return Err(line);
        }
        if board.most(shape, line) < shape.clues[line] {
            return Err(line);
        }
        for k in 0..scratch.changes.len() {
            let (t, lo, hi) = scratch.changes[k];
            board.lo[t] = lo;
            board.hi[t] = hi;
            for &l in &tank_lines[t] {
                if !scratch.queued[l] {
                    scratch.queued[l] = true;
                    scratch.queue.push_back(l);
                }
            }
        }
    }
    Ok(())
}

/// Supposing a cell water (or air), the line sums lead to a line that
/// cannot be met: so the cell is the other.
fn contradiction(shape: &Shape, board: &Board, memo: &mut Memo) -> Option<(String, Board)> {
    let Memo { tank_lines, scratch, .. } = memo;
    // One board for every supposition, reset from `board` before each.
    let mut trial = board.clone();
    // Tanks with the fewest levels left first: the suppositions a person
    // would try first.
    let mut tanks: Vec<usize> = (0..shape.tanks()).filter(|&t| board.open(t)).collect();
    tanks.sort_by_key(|&t| (board.hi[t] - board.lo[t], t));
    for t in tanks {
        // Water up to a tank's top open row, or air down to its bottom one:
        // each the only level of one kind, so the surest to break a line if
        // any supposition about the tank does.
        for (r, water) in [(board.lo[t], true), (board.hi[t] - 1, false)] {
            {
                trial.lo.copy_from_slice(&board.lo);
                trial.hi.copy_from_slice(&board.hi);
                if water {
                    trial.hi[t] = r;
                } else {
                    trial.lo[t] = r + 1;
                }
                let Err(line) = propagate(shape, &mut trial, tank_lines, t, scratch) else { continue };
                let mut next = board.clone();
                if water {
                    next.lo[t] = r + 1;
                } else {
                    next.hi[t] = r;
                }
                if !scratch.words {
                    return Some((String::new(), next));
                }
                let state = if water { "water" } else { "air" };
                let what = format!(
                    "if row {} of tank {} were {state}, following the line sums on from there leaves {} unable to hold its {} water",
                    r + 1,
                    t + 1,
                    shape.line_name(line),
                    shape.clues[line],
                );
                return Some((format!("{what}; so {}", effects(board, &next)), next));
            }
        }
    }
    None
}

/// No technique applies: one tank takes the solution's level, a tank with
/// the fewest levels left (a person would try them in turn).
pub(super) fn guess(shape: &Shape, board: &Board, solution: &Water, words: bool) -> Found {
    let t = (0..shape.tanks())
        .filter(|&t| board.open(t))
        .min_by_key(|&t| (board.hi[t] - board.lo[t], t))
        .expect("an unsolved board has an open tank");
    let surface = shape.cells[t].iter().find(|&&(r, c)| solution.get(r, c)).map_or(shape.bottom[t] + 1, |&(r, _)| r);
    let surface = surface.clamp(board.lo[t], board.hi[t]);
    let next = with(board, &[(t, surface, surface)]);
    if !words {
        return (Technique::Guess, String::new(), next);
    }
    let text =
        format!("no technique applies; guess tank {}'s level (the others fail): {}", t + 1, effects(board, &next));
    (Technique::Guess, text, next)
}
