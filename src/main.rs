//! The `aquarchive` command line: a thin layer over the library.

#![forbid(unsafe_code)]

mod cli;

fn main() -> std::process::ExitCode {
    cli::main().into()
}
