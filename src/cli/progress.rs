//! Progress on long work: a bar on a terminal, nothing when stderr is piped.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bar, and what it counts (for the plain lines).
pub struct Progress(ProgressBar, String);

impl Progress {
    pub fn new(total: u64, what: &str) -> Progress {
        let bar = ProgressBar::new(total);
        if std::io::stderr().is_terminal() && total > 1 {
            bar.set_style(
                ProgressStyle::with_template("{msg} {bar:40} {pos}/{len} [{elapsed_precise}, {eta} left]")
                    .expect("a valid template"),
            );
            bar.set_message(what.to_string());
        } else {
            bar.set_draw_target(ProgressDrawTarget::hidden());
        }
        Progress(bar, what.to_string())
    }

    pub fn inc(&self) {
        self.0.inc(1);
    }

    /// Moves the bar to `done` (work that reports in chunks). Without a
    /// terminal, each step short of the end is a plain line on stderr, so a
    /// log of a long run shows it moving.
    pub fn set(&self, done: u64) {
        self.0.set_position(done);
        let total = self.0.length().unwrap_or(0);
        if self.0.is_hidden() && done < total {
            eprintln!("aquarchive: {} {done}/{total}", self.1);
        }
    }

    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}
