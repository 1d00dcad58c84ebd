/// What the process's exit status means, for scripts and schedulers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(i32)]
pub enum ExitCode {
    /// Everything asked for was done, and every puzzle has one solution.
    Ok = 0,
    /// Done, but some puzzle has no solution or more than one.
    NotUnique = 1,
    /// Bad input, bad arguments, or a failure to read or write.
    Error = 2,
}

impl ExitCode {
    /// The more serious of two outcomes.
    pub fn worst(self, other: ExitCode) -> ExitCode {
        if other as i32 > self as i32 { other } else { self }
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
    }
}
