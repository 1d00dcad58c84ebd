//! Progress on long work: a bar on a terminal, nothing when stderr is piped
//! (a cron log gets the command's one summary line, not a line a step).

use std::io::IsTerminal;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bar (or spinner, when the total is not known beforehand).
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

    /// Work whose size is not known until it is done: a spinner with the
    /// count so far (`what` names what is counted: "tilings found").
    pub fn counting(what: &str) -> Progress {
        let bar = ProgressBar::no_length();
        if std::io::stderr().is_terminal() {
            bar.set_style(
                ProgressStyle::with_template("{spinner} {human_pos} {msg} [{elapsed_precise}]")
                    .expect("a valid template"),
            );
            bar.set_message(what.to_string());
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
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
