//! A stored puzzle's facts in words, written once: `show` prints them and
//! the HTML archive's pages give them.

use crate::shared::HashCheck;

/// The site's answer check in words: whether the solution found hashes to
/// the page's `hashedSolution`. None for a puzzle not from a page
/// (`from_page` false), which had no hash to check.
pub fn site_check(check: HashCheck, from_page: bool) -> Option<&'static str> {
    match check {
        HashCheck::Match => Some("confirmed by the site's hash"),
        HashCheck::Mismatch => Some("not confirmed: the site's hash does not match"),
        HashCheck::Absent if from_page => Some("not confirmed: the page had no hash"),
        HashCheck::Absent => None,
        HashCheck::Pending => Some("to be checked against the site's hash once its kind is solved"),
    }
}
