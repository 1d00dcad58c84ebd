//! `aquarchive completions` and `aquarchive man`: the command line
//! described for shells and for man(1), from the parser's own definitions,
//! so they always match it; and `aquarchive guide`, the user's guide built
//! into the binary, so that an installed copy can show it.

use clap::CommandFactory;

use crate::cli::args::{Cli, CompletionsArgs, GuideArgs, ManArgs};
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
    let mut command = without_help_command(Cli::command());
    command.build();
    if let Some(dir) = &args.all {
        return man_all(command, dir);
    }
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
    print(&String::from_utf8_lossy(&page_of(page, "<stdout>")?))?;
    Ok(ExitCode::Ok)
}

/// `command` without clap's `help` subcommand, at every level: the pages
/// document `--help`, and pages of `help` (and of `help calendar read`)
/// would only repeat the others.
fn without_help_command(command: clap::Command) -> clap::Command {
    let names: Vec<String> = command.get_subcommands().map(|c| c.get_name().to_string()).collect();
    names
        .into_iter()
        .fold(command.disable_help_subcommand(true), |command, name| command.mut_subcommand(name, without_help_command))
}

/// The roff page of one (built) command, for `to` (named in an error).
fn page_of(command: clap::Command, to: &str) -> Result<Vec<u8>, CliError> {
    let mut out = Vec::new();
    clap_mangen::Man::new(command)
        .source(concat!("aquarchive ", env!("CARGO_PKG_VERSION")))
        .render(&mut out)
        .map_err(|source| CliError::Io { path: to.into(), source })?;
    Ok(out)
}

/// Writes the page of `command` and of every subcommand below it into
/// `dir`, each named by its display name (`aquarchive-calendar-read.1`), the
/// name the page above it lists; says each file on stdout.
fn man_all(command: clap::Command, dir: &std::path::Path) -> Result<ExitCode, CliError> {
    let io = |path: &std::path::Path| {
        let path = path.display().to_string();
        move |source| CliError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut pending = vec![command];
    let mut written = Vec::new();
    while let Some(command) = pending.pop() {
        pending.extend(command.get_subcommands().cloned());
        let path = dir.join(format!("{}.1", command.get_display_name().unwrap_or(command.get_name())));
        let page = page_of(command, &path.display().to_string())?;
        std::fs::write(&path, page).map_err(io(&path))?;
        written.push(path.display().to_string());
    }
    written.sort();
    print(&(written.join("\n") + "\n"))?;
    Ok(ExitCode::Ok)
}

/// docs/guide.md, as it was when the binary was built.
const GUIDE: &str = include_str!("../../../docs/guide.md");

pub fn guide(args: &GuideArgs) -> Result<ExitCode, CliError> {
    if args.topic.is_empty() {
        print(GUIDE)?;
        return Ok(ExitCode::Ok);
    }
    let topic = args.topic.join(" ");
    let found = sections_on(GUIDE, &topic);
    if found.is_empty() {
        let headings: Vec<&str> = headings(GUIDE).into_iter().filter(|h| h.level == 2).map(|h| h.text).collect();
        return Err(CliError::Message(format!(
            "no section of the guide is headed with \"{topic}\"; its sections are: {}",
            headings.join(", ")
        )));
    }
    print(&found.join("\n"))?;
    Ok(ExitCode::Ok)
}

/// A heading of the guide: its level (the count of `#`), its words, and
/// the line it is on.
struct Heading<'a> {
    level: usize,
    text: &'a str,
    line: usize,
}

/// The guide's headings, leaving out `#` lines inside code blocks (comments
/// of the shell and of config files).
fn headings(text: &str) -> Vec<Heading<'_>> {
    let mut in_code = false;
    let mut found = Vec::new();
    for (line, raw) in text.lines().enumerate() {
        if raw.starts_with("```") {
            in_code = !in_code;
        } else if !in_code && raw.starts_with('#') {
            let level = raw.chars().take_while(|&c| c == '#').count();
            found.push(Heading { level, text: raw[level..].trim(), line });
        }
    }
    found
}

/// Each section whose heading holds `topic` (any case), with its
/// subsections: from its heading to the next heading of its level or above.
/// A section inside one already taken is not printed again.
fn sections_on(text: &str, topic: &str) -> Vec<String> {
    let lines: Vec<&str> = text.lines().collect();
    let all = headings(text);
    let topic = topic.to_lowercase();
    let mut taken_to = 0;
    let mut found = Vec::new();
    for (k, heading) in all.iter().enumerate() {
        if heading.line < taken_to || !heading.text.to_lowercase().contains(&topic) {
            continue;
        }
        let end = all[k + 1..].iter().find(|h| h.level <= heading.level).map_or(lines.len(), |h| h.line);
        found.push(lines[heading.line..end].join("\n") + "\n");
        taken_to = end;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "# Guide\nintro\n## Importing\nhow\n```sh\n# a comment\n```\n### Importing JSON lines\nlines\n\
                        ## Exporting\nout\n### Importing back\nagain\n## Exit codes\n0\n";

    #[test]
    fn a_topic_gives_its_sections_with_their_subsections_once() {
        let found = sections_on(TEXT, "IMPORTING");
        assert_eq!(
            found,
            [
                "## Importing\nhow\n```sh\n# a comment\n```\n### Importing JSON lines\nlines\n",
                "### Importing back\nagain\n"
            ]
        );
        assert_eq!(sections_on(TEXT, "exit codes"), ["## Exit codes\n0\n"]);
        assert!(sections_on(TEXT, "a comment").is_empty(), "a code block's # line is no heading");
    }

    #[test]
    fn every_section_of_the_shipped_guide_is_found_by_its_heading() {
        for heading in headings(GUIDE).iter().filter(|h| h.level >= 2) {
            let found = sections_on(GUIDE, heading.text);
            assert!(found.iter().any(|s| s.lines().next() == GUIDE.lines().nth(heading.line)), "{}", heading.text);
        }
    }
}
