//! The site's own check of an answer (docs/site.md): a page's
//! `hashedSolution` is the md5 of its `task` string followed by the answer
//! string its form sends (`ansH`; for Aquarium every cell row by row, `y`
//! for water, `n` for air). A solution that hashes to it is the site's own
//! solution of the puzzle the page holds: proof that the task was read as
//! the site meant it, and not garbled on its way.

use md5::{Digest, Md5};

use crate::store::{HashCheck, hex};

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
