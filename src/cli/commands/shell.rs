//! `aquarchive completions` and `aquarchive man`: the command line
//! described for shells and for man(1), from the parser's own definitions,
//! so they always match it.

use clap::CommandFactory;

use crate::cli::args::{Cli, CompletionsArgs, ManArgs};
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

pub fn completions(args: &CompletionsArgs) -> Result<ExitCode, CliError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut Cli::command(), "aquarchive", &mut out);
    print(&String::from_utf8_lossy(&out))?;
    Ok(ExitCode::Ok)
}

pub fn man(args: &ManArgs) -> Result<ExitCode, CliError> {
    let mut command = Cli::command();
    command.build();
    let page = match &args.command {
        None => command,
        Some(name) => {
            let names: Vec<String> = command.get_subcommands().map(|c| c.get_name().to_string()).collect();
            let Some(sub) = command.find_subcommand(name) else {
                return Err(CliError::Message(format!(
                    "`{name}` is not a command of aquarchive; the commands are {}",
                    names.join(", ")
                )));
            };
            // Built, a subcommand's display name is its path (aquarchive-fetch),
            // which names its page.
            sub.clone()
        }
    };
    let mut out = Vec::new();
    clap_mangen::Man::new(page)
        .source(concat!("aquarchive ", env!("CARGO_PKG_VERSION")))
        .render(&mut out)
        .map_err(|source| CliError::Io { path: "<stdout>".into(), source })?;
    print(&String::from_utf8_lossy(&out))?;
    Ok(ExitCode::Ok)
}
