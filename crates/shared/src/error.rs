//! An error said whole: most errors' own message rarely names the cause
//! that matters (reqwest's "error sending request" hides "connection
//! refused"), so the causes follow it.

use std::error::Error;

/// An error's Display, then each cause in its `source()` chain, joined by
/// `: `. A cause whose text is already in the message is not said twice:
/// many errors print their source themselves.
pub fn chain(err: &dyn Error) -> String {
    let mut text = err.to_string();
    let mut cause = err.source();
    while let Some(next) = cause {
        let said = next.to_string();
        if !text.contains(&said) {
            text.push_str(": ");
            text.push_str(&said);
        }
        cause = next.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug)]
    struct Layer(&'static str, Option<Box<Layer>>);

    impl std::fmt::Display for Layer {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str(self.0)
        }
    }

    impl Error for Layer {
        fn source(&self) -> Option<&(dyn Error + 'static)> {
            self.1.as_deref().map(|l| l as &(dyn Error + 'static))
        }
    }

    #[test]
    fn each_cause_is_said_once() {
        let refused = Layer("connection refused", None);
        let connect = Layer("tcp connect error: connection refused", Some(Box::new(refused)));
        let request = Layer("error sending request", Some(Box::new(connect)));
        assert_eq!(chain(&request), "error sending request: tcp connect error: connection refused");
        assert_eq!(chain(&Layer("alone", None)), "alone");
    }
}
