//! Each technique on a position made for it: every cell keeps all nine
//! candidates except where the pattern needs fewer, so the technique's
//! deduction is known exactly.

use super::*;

const ALL: u16 = 0b11_1111_1110;

fn cell(r: usize, c: usize) -> usize {
    (r - 1) * 9 + (c - 1)
}

fn mask(digits: &[u8]) -> u16 {
    digits.iter().fold(0, |m, &d| m | 1 << d)
}

/// A board where every cell is blank with every candidate.
fn open_board() -> Board {
    Board { value: [0; CELLS], cand: [ALL; CELLS] }
}

/// Keeps `d` only in `keep` among `unit`'s cells.
fn only(board: &mut Board, unit: usize, d: u8, keep: &[usize]) {
    for c in UNITS[unit] {
        if !keep.contains(&c) {
            board.cand[c] &= !(1 << d);
        }
    }
}

fn set(board: &mut Board, at: usize, digits: &[u8]) {
    board.cand[at] = mask(digits);
}

fn removed_set(step: &Step) -> Vec<(usize, u8)> {
    let mut r = step.removed.clone();
    r.sort();
    r
}

fn expect(cells: &[usize], d: u8) -> Vec<(usize, u8)> {
    let mut r: Vec<_> = cells.iter().map(|&c| (c, d)).collect();
    r.sort();
    r
}

#[test]
fn hidden_single_in_a_box() {
    let mut b = open_board();
    only(&mut b, 18, 4, &[cell(2, 2)]);
    let step = hidden_single(&b).unwrap();
    assert_eq!(step.placed, vec![(cell(2, 2), 4)]);
    assert_eq!(step.text, "r2c2 = 4 (hidden single in box 1)");
    assert!(hidden_single(&open_board()).is_none());
}

#[test]
fn naked_single() {
    let mut b = open_board();
    set(&mut b, cell(5, 5), &[7]);
    let step = super::naked_single(&b).unwrap();
    assert_eq!(step.placed, vec![(cell(5, 5), 7)]);
    assert_eq!(step.text, "r5c5 = 7 (naked single)");
}

#[test]
fn locked_candidates_pointing_and_claiming() {
    let mut b = open_board();
    only(&mut b, 18, 3, &[cell(1, 1), cell(1, 2), cell(1, 3)]);
    let step = locked_candidates(&b).unwrap();
    assert_eq!(removed_set(&step), expect(&(4..=9).map(|c| cell(1, c)).collect::<Vec<_>>(), 3));
    assert!(
        step.text.starts_with("locked candidates: 3 in box 1 only in row 1: removed 3 from r1c4,"),
        "{}",
        step.text
    );

    let mut b = open_board();
    only(&mut b, 4, 3, &[cell(5, 4), cell(5, 5), cell(5, 6)]);
    let step = locked_candidates(&b).unwrap();
    let rest: Vec<usize> = [4, 6].iter().flat_map(|&r| (4..=6).map(move |c| cell(r, c))).collect();
    assert_eq!(removed_set(&step), expect(&rest, 3));
    assert!(step.text.starts_with("locked candidates: 3 in row 5 only in box 5"), "{}", step.text);
}

#[test]
fn naked_pair_and_triple() {
    let mut b = open_board();
    set(&mut b, cell(1, 1), &[1, 2]);
    set(&mut b, cell(1, 2), &[1, 2]);
    let step = naked_subset(&b, 2).unwrap();
    assert_eq!(step.technique, Technique::NakedPair);
    let mut want: Vec<(usize, u8)> = (3..=9).flat_map(|c| [(cell(1, c), 1), (cell(1, c), 2)]).collect();
    want.sort();
    assert_eq!(removed_set(&step), want);
    assert!(step.text.starts_with("naked pair {1,2} in r1c1,r1c2 (row 1)"), "{}", step.text);

    let mut b = open_board();
    set(&mut b, cell(1, 1), &[1, 2]);
    set(&mut b, cell(1, 4), &[2, 3]);
    set(&mut b, cell(1, 7), &[1, 3]);
    assert!(naked_subset(&b, 2).is_none());
    let step = naked_subset(&b, 3).unwrap();
    assert_eq!(step.technique, Technique::NakedTriple);
    assert_eq!(step.removed.len(), 6 * 3);
    assert!(step.removed.iter().all(|&(c, d)| c < 9 && ![0, 3, 6].contains(&c) && (1..=3).contains(&d)));
}

#[test]
fn hidden_pair_and_triple() {
    let mut b = open_board();
    only(&mut b, 0, 6, &[cell(1, 1), cell(1, 5)]);
    only(&mut b, 0, 7, &[cell(1, 1), cell(1, 5)]);
    let step = hidden_subset(&b, 2).unwrap();
    assert_eq!(step.technique, Technique::HiddenPair);
    let mut want: Vec<(usize, u8)> =
        [cell(1, 1), cell(1, 5)].iter().flat_map(|&c| [1, 2, 3, 4, 5, 8, 9].map(|d| (c, d))).collect();
    want.sort();
    assert_eq!(removed_set(&step), want);

    let mut b = open_board();
    only(&mut b, 0, 4, &[cell(1, 2), cell(1, 3)]);
    only(&mut b, 0, 5, &[cell(1, 3), cell(1, 9)]);
    only(&mut b, 0, 6, &[cell(1, 2), cell(1, 9)]);
    assert!(hidden_subset(&b, 2).is_none());
    let step = hidden_subset(&b, 3).unwrap();
    assert_eq!(step.technique, Technique::HiddenTriple);
    assert_eq!(step.removed.len(), 3 * 6);
    assert!(step.text.starts_with("hidden triple {4,5,6} in r1c2,r1c3,r1c9 (row 1)"), "{}", step.text);
}

#[test]
fn x_wing_and_swordfish() {
    let mut b = open_board();
    only(&mut b, 1, 5, &[cell(2, 3), cell(2, 8)]);
    only(&mut b, 6, 5, &[cell(7, 3), cell(7, 8)]);
    let step = fish(&b, 2).unwrap();
    let others: Vec<usize> = [1, 3, 4, 5, 6, 8, 9].iter().flat_map(|&r| [cell(r, 3), cell(r, 8)]).collect();
    assert_eq!(removed_set(&step), expect(&others, 5));
    assert!(step.text.starts_with("X-wing on 5 in row 2, row 7 and column 3, column 8"), "{}", step.text);

    let mut b = open_board();
    only(&mut b, 0, 9, &[cell(1, 1), cell(1, 5)]);
    only(&mut b, 4, 9, &[cell(5, 5), cell(5, 9)]);
    only(&mut b, 8, 9, &[cell(9, 1), cell(9, 9)]);
    assert!(fish(&b, 2).is_none());
    let step = fish(&b, 3).unwrap();
    let others: Vec<usize> = [2, 3, 4, 6, 7, 8].iter().flat_map(|&r| [cell(r, 1), cell(r, 5), cell(r, 9)]).collect();
    assert_eq!(removed_set(&step), expect(&others, 9));
    assert_eq!(step.technique, Technique::Swordfish);
}

#[test]
fn xy_wing_and_xyz_wing() {
    let mut b = open_board();
    set(&mut b, cell(1, 1), &[1, 2]);
    set(&mut b, cell(1, 5), &[1, 3]);
    set(&mut b, cell(5, 1), &[2, 3]);
    let step = xy_wing(&b).unwrap();
    assert_eq!(step.removed, vec![(cell(5, 5), 3)]);
    assert!(step.text.starts_with("XY-wing: pivot r1c1 {1,2}, pincers r1c5 {1,3} and r5c1 {2,3}"), "{}", step.text);

    let mut b = open_board();
    set(&mut b, cell(1, 1), &[1, 2, 3]);
    set(&mut b, cell(1, 2), &[1, 3]);
    set(&mut b, cell(2, 1), &[2, 3]);
    let step = xyz_wing(&b).unwrap();
    let box_rest = [cell(1, 3), cell(2, 2), cell(2, 3), cell(3, 1), cell(3, 2), cell(3, 3)];
    assert_eq!(removed_set(&step), expect(&box_rest, 3));
}

#[test]
fn simple_coloring_trap_and_wrap() {
    // 8: r1c1 = r2c3 (box 1), r2c3 = r7c3 (column 3), r7c3 = r7c8 (row 7).
    let mut b = open_board();
    only(&mut b, 18, 8, &[cell(1, 1), cell(2, 3)]);
    only(&mut b, 11, 8, &[cell(2, 3), cell(7, 3)]);
    only(&mut b, 6, 8, &[cell(7, 3), cell(7, 8)]);
    let step = simple_coloring(&b).unwrap();
    assert_eq!(step.removed, vec![(cell(1, 8), 8)]);

    // 8: r1c1 (A) = r5c1 (B) in column 1, = r5c8 (A) in row 5, = r2c8 (B) in
    // column 8, = r2c2 (A) in row 2; r2c2 and r1c1 share box 1, so A is false.
    let mut b = open_board();
    only(&mut b, 9, 8, &[cell(1, 1), cell(5, 1)]);
    only(&mut b, 4, 8, &[cell(5, 1), cell(5, 8)]);
    only(&mut b, 16, 8, &[cell(5, 8), cell(2, 8)]);
    only(&mut b, 1, 8, &[cell(2, 8), cell(2, 2)]);
    let step = simple_coloring(&b).unwrap();
    assert_eq!(removed_set(&step), expect(&[cell(1, 1), cell(5, 8), cell(2, 2)], 8));
    assert!(step.text.contains("that colour is false"), "{}", step.text);
}

#[test]
fn x_chain_skyscraper() {
    let mut b = open_board();
    only(&mut b, 9, 8, &[cell(1, 1), cell(6, 1)]);
    only(&mut b, 12, 8, &[cell(2, 4), cell(6, 4)]);
    assert!(simple_coloring(&b).is_none());
    let step = x_chain(&b).unwrap();
    assert_eq!(removed_set(&step), expect(&[cell(1, 5), cell(1, 6), cell(2, 2), cell(2, 3)], 8));
    assert_eq!(step.text.split(':').nth(1), Some(" r1c1 = r6c1 - r6c4 = r2c4 (one end holds 8)"));
}

#[test]
fn xy_chain_of_four_cells() {
    let mut b = open_board();
    set(&mut b, cell(1, 1), &[1, 2]);
    set(&mut b, cell(1, 5), &[2, 3]);
    set(&mut b, cell(5, 5), &[3, 4]);
    set(&mut b, cell(5, 9), &[1, 4]);
    assert!(xy_wing(&b).is_none());
    let step = xy_chain(&b).unwrap();
    assert_eq!(removed_set(&step), expect(&[cell(1, 9), cell(5, 1)], 1));
    assert!(step.text.starts_with("XY-chain on 1: r1c1 {1,2} - r1c5 {2,3} - r5c5 {3,4} - r5c9 {1,4}"), "{}", step.text);
}

#[test]
fn every_level_has_a_name_a_rank_and_words_and_every_technique_a_level() {
    for (k, level) in Level::ALL.into_iter().enumerate() {
        assert_eq!(Level::from_name(level.name()), Some(level));
        assert_eq!(level.rank(), k as u32 + 1);
        assert!(!level.about().is_empty());
    }
    for technique in Technique::ALL {
        assert_eq!(Technique::from_name(technique.name()), Some(technique));
    }
    let by_level: Vec<Technique> = Level::ALL.iter().flat_map(|l| l.techniques()).collect();
    assert_eq!(by_level, Technique::ALL);
}
