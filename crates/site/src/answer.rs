//! The site's own check of an answer (docs/site.md): a page's
//! `hashedSolution` is the md5 of its `task` string followed by the answer
//! string its form sends (`ansH`; for Aquarium every cell row by row, `y`
//! for water, `n` for air). A solution that hashes to it is the site's own
//! solution of the puzzle the page holds: proof that the task was read as
//! the site meant it, and not garbled on its way.

use md5::{Digest, Md5};

use aquarchive_shared::{HashCheck, hex};

/// md5 of `task` followed by `answer`, in lower-case hex.
pub fn answer_hash(task: &str, answer: &str) -> String {
    let mut md5 = Md5::new();
    md5.update(task.as_bytes());
    md5.update(answer.as_bytes());
    hex(&md5.finalize())
}

/// Checks `answer` (None: no solution was found) against the page's
/// `hashed` solution.
pub fn check(hashed: Option<&str>, task: &str, answer: Option<&str>) -> HashCheck {
    match (hashed.map(str::trim).filter(|h| !h.is_empty()), answer) {
        (None, _) => HashCheck::Absent,
        (Some(hashed), Some(answer)) if hashed.eq_ignore_ascii_case(&answer_hash(task, answer)) => HashCheck::Match,
        (Some(_), _) => HashCheck::Mismatch,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_is_md5_of_task_then_answer() {
        // md5("") and md5("abc"), the RFC 1321 test values, split anywhere.
        assert_eq!(answer_hash("", ""), "d41d8cd98f00b204e9800998ecf8427e");
        assert_eq!(answer_hash("a", "bc"), "900150983cd24fb0d6963f7d28e17f72");
        assert_eq!(answer_hash("abc", ""), answer_hash("ab", "c"));
    }

    /// The one real page with a hash and a puzzle small enough to solve here:
    /// a 15x15 nonogram of the same page engine (tests/fixtures/pages). Its
    /// solution, found by line solving, written `y`/`n` row by row after the
    /// task, hashes to the page's own `hashedSolution`: the formula is the
    /// site's, on the site's own data.
    #[test]
    fn a_real_pages_hash_is_md5_of_its_task_and_answer() {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../tests/fixtures/pages/puzzle-nonograms.com_15x15_2401181_trimmed.html");
        let html = std::fs::read_to_string(&path).unwrap();
        let info = crate::raw::read_page(&html);
        let task = info.task.unwrap();
        let clues: Vec<Vec<usize>> =
            task.split('/').map(|c| c.split('.').map(|n| n.parse().unwrap()).collect()).collect();
        let n = clues.len() / 2;
        let (cols, rows) = clues.split_at(n);
        // Cells: None unknown, Some(true) filled. Each pass keeps, in every
        // line, what all placements of its clue that fit the line agree on.
        let mut grid = vec![vec![None::<bool>; n]; n];
        for _ in 0..n * n {
            for r in 0..n {
                grid[r] = settle(&rows[r], &grid[r]);
            }
            for c in 0..n {
                let column: Vec<_> = (0..n).map(|r| grid[r][c]).collect();
                for (r, cell) in settle(&cols[c], &column).into_iter().enumerate() {
                    grid[r][c] = cell;
                }
            }
        }
        let answer: String =
            grid.iter().flatten().map(|c| if c.expect("line solving settles it") { 'y' } else { 'n' }).collect();
        assert_eq!(info.hashed_solution.as_deref(), Some("f3de0201ee7b6cb75453b9a892cff602"));
        assert_eq!(check(info.hashed_solution.as_deref(), &task, Some(&answer)), HashCheck::Match);
    }

    /// A line with every cell that all fitting placements of `clue` agree on.
    fn settle(clue: &[usize], line: &[Option<bool>]) -> Vec<Option<bool>> {
        fn place(clue: &[usize], line: &[Option<bool>], at: usize, cur: &mut Vec<bool>, seen: &mut Vec<Vec<bool>>) {
            let fits = |cells: &[bool], from: usize| {
                cells.iter().enumerate().all(|(k, &v)| line[from + k].is_none_or(|l| l == v))
            };
            let Some((&first, rest)) = clue.split_first() else {
                let tail = vec![false; line.len() - cur.len()];
                if fits(&tail, cur.len()) {
                    let mut full = cur.clone();
                    full.extend(tail);
                    seen.push(full);
                }
                return;
            };
            let need: usize = rest.iter().map(|b| b + 1).sum();
            for start in at..=line.len().saturating_sub(first + need) {
                let mut block = vec![false; start - cur.len()];
                block.extend(std::iter::repeat_n(true, first));
                if !rest.is_empty() {
                    block.push(false);
                }
                if fits(&block, cur.len()) {
                    let len = cur.len();
                    cur.extend(&block);
                    place(rest, line, cur.len(), cur, seen);
                    cur.truncate(len);
                }
            }
        }
        let mut seen = Vec::new();
        place(clue, line, 0, &mut Vec::new(), &mut seen);
        (0..line.len())
            .map(|k| {
                let first = seen.first().map(|p| p[k]);
                first.filter(|&v| seen.iter().all(|p| p[k] == v))
            })
            .collect()
    }

    #[test]
    fn match_mismatch_and_absent() {
        let hashed = answer_hash("1_1;1", "y");
        assert_eq!(check(Some(&hashed), "1_1;1", Some("y")), HashCheck::Match);
        assert_eq!(check(Some(&hashed.to_uppercase()), "1_1;1", Some("y")), HashCheck::Match);
        assert_eq!(check(Some(&hashed), "1_1;1", Some("n")), HashCheck::Mismatch);
        assert_eq!(check(Some(&hashed), "1_1;1", None), HashCheck::Mismatch);
        assert_eq!(check(None, "1_1;1", Some("y")), HashCheck::Absent);
        assert_eq!(check(Some(" "), "1_1;1", Some("y")), HashCheck::Absent);
    }
}
