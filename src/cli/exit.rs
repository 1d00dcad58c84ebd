/// What the process's exit status means, for scripts and schedulers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum ExitCode {
    /// Everything asked for was done, and every puzzle has one solution.
    Ok = 0,
    /// Done, but some puzzle has no solution or more than one.
    NotUnique = 1,
    /// Bad input, bad arguments, or a failure to read or write; for
    /// `fetch`, a page that failed or held no good puzzle.
    Error = 2,
    /// `fetch`: everything worked but no new puzzle was stored (the
    /// archive had it, e.g. today's daily fetched twice); `remove`: no
    /// puzzle matched, nothing was done.
    NothingNew = 3,
    /// Stopped by Ctrl-C after keeping what was done (128 + SIGINT).
    Interrupted = 130,
    /// Stopped by SIGTERM (`systemctl stop`, `kill`), as by Ctrl-C (128 + 15).
    Terminated = 143,
    /// Stopped by SIGHUP (the terminal closed), as by Ctrl-C (128 + 1).
    HungUp = 129,
}

impl ExitCode {
    /// The more serious of two outcomes.
    pub fn worst(self, other: ExitCode) -> ExitCode {
        if other.severity() > self.severity() { other } else { self }
    }

    /// "Nothing new" is no failure: it ranks below every problem.
    fn severity(self) -> u8 {
        match self {
            ExitCode::Ok => 0,
            ExitCode::NothingNew => 1,
            ExitCode::NotUnique => 2,
            ExitCode::Error => 3,
            ExitCode::Interrupted | ExitCode::Terminated | ExitCode::HungUp => 4,
        }
    }
}

impl From<ExitCode> for std::process::ExitCode {
    fn from(code: ExitCode) -> std::process::ExitCode {
        // Every code is below 256.
        std::process::ExitCode::from(code as u8)
    }
}

#[cfg(test)]
mod tests {
    use super::ExitCode;

    #[test]
    fn worst_keeps_the_more_serious() {
        assert_eq!(ExitCode::Ok.worst(ExitCode::NotUnique), ExitCode::NotUnique);
        assert_eq!(ExitCode::Error.worst(ExitCode::NotUnique), ExitCode::Error);
        assert_eq!(ExitCode::Ok.worst(ExitCode::Ok), ExitCode::Ok);
        assert_eq!(ExitCode::NothingNew.worst(ExitCode::Error), ExitCode::Error);
        assert_eq!(ExitCode::Error.worst(ExitCode::NothingNew), ExitCode::Error);
        assert_eq!(ExitCode::Ok.worst(ExitCode::NothingNew), ExitCode::NothingNew);
    }
}
