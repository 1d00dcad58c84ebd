//! Progress on long work: a bar on a terminal, nothing when stderr is piped.

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub struct Progress(ProgressBar);

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
        Progress(bar)
    }

    pub fn inc(&self) {
        self.0.inc(1);
    }

    /// Moves the bar to `done` (work that reports in chunks).
    pub fn set(&self, done: u64) {
        self.0.set_position(done);
    }

    pub fn finish(&self) {
        self.0.finish_and_clear();
    }
}
