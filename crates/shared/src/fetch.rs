//! What one fetch of a page came to besides its bytes: how many requests
//! it took, and the site's own answer check of the puzzle on it. The site
//! makes these, the store keeps them, the command line shows them.

use serde::Serialize;

/// What the site's own answer check said of a fetched puzzle: whether the
/// solution found hashes to the page's `hashedSolution`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HashCheck {
    /// The solution found is the site's: the puzzle was read right.
    Match,
    /// The page has a hash and no solution found gives it (a garbled task,
    /// or a puzzle without a unique solution).
    Mismatch,
    /// No hash to check against (the page has none, or the puzzle did not
    /// come from a page).
    Absent,
    /// The page has a hash, and the puzzle no solution yet to check it
    /// with: its kind is not solved yet. `resolve` checks it once it is.
    Pending,
}

impl HashCheck {
    pub const ALL: [HashCheck; 4] = [HashCheck::Match, HashCheck::Mismatch, HashCheck::Absent, HashCheck::Pending];

    pub fn as_str(self) -> &'static str {
        match self {
            HashCheck::Match => "match",
            HashCheck::Mismatch => "mismatch",
            HashCheck::Absent => "absent",
            HashCheck::Pending => "pending",
        }
    }

    /// The check of its word (`as_str`), if it is one.
    pub fn parse(text: &str) -> Option<HashCheck> {
        HashCheck::ALL.into_iter().find(|h| h.as_str() == text)
    }
}

impl std::fmt::Display for HashCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How hard one fetch was: the requests made for it, the answers among
/// them that asked to slow down (HTTP 429 or 503), and the time slept
/// before retries (backoff, or what the site's `Retry-After` asked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Tries {
    pub attempts: u32,
    pub busy: u32,
    pub waited_ms: u64,
}

impl Tries {
    /// No request made (the site asked to be left alone, or robots.txt
    /// forbids the page).
    pub const NONE: Tries = Tries { attempts: 0, busy: 0, waited_ms: 0 };
    /// One request, answered at once.
    pub const ONE: Tries = Tries { attempts: 1, ..Tries::NONE };
}
