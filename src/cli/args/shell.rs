//! The commands that describe the command line itself: shell completions
//! and the manual page, both made from the same clap definitions, and the
//! user's guide.

use clap::Args;

pub const COMPLETIONS_EXAMPLES: &str = "Examples:
  aquarchive completions bash > ~/.local/share/bash-completion/completions/aquarchive
  aquarchive completions zsh > ~/.zfunc/_aquarchive      # a folder on zsh's fpath
  aquarchive completions fish > ~/.config/fish/completions/aquarchive.fish";

pub const MAN_EXAMPLES: &str = "Examples:
  aquarchive man | man -l -                           # read it now
  aquarchive man > ~/.local/share/man/man1/aquarchive.1   # then: man aquarchive
  aquarchive man fetch > ~/.local/share/man/man1/aquarchive-fetch.1
  aquarchive man --all ~/.local/share/man/man1         # every page: man aquarchive-calendar-read";

pub const GUIDE_EXAMPLES: &str = "Examples:
  aquarchive guide | less                 # the whole guide
  aquarchive guide importing              # the sections whose headings say \"importing\"
  aquarchive guide 'exit codes'";

#[derive(Args, Debug)]
pub struct GuideArgs {
    /// Words of a section's heading (any case): print the sections whose headings hold them, each with its
    /// subsections; without, the whole guide
    #[arg(value_name = "TOPIC", num_args = 0.., trailing_var_arg = true)]
    pub topic: Vec<String>,
}

#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell to complete for
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

#[derive(Args, Debug)]
pub struct ManArgs {
    /// A subcommand whose page to print (aquarchive-COMMAND(1)); the main page, aquarchive(1), lists them all
    #[arg(value_name = "COMMAND")]
    pub command: Option<String>,
    /// Write every page into this folder (made if missing) instead of printing one: aquarchive.1 and a page
    /// for each command and subcommand the pages list (aquarchive-fetch.1, aquarchive-calendar-read.1)
    #[arg(long, value_name = "DIR", conflicts_with = "command")]
    pub all: Option<std::path::PathBuf>,
}
