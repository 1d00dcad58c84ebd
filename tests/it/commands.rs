//! One meaning per command: `solve` reads files, `resolve` re-solves the
//! archive; the options of one kind refused with another by clap, with
//! exit 2; no command that is not listed.

use crate::util::{Dir, fixtures};

fn archive() -> Dir {
    let dir = Dir::new();
    dir.run(&["import", &fixtures().join("sudoku/se_rated_sample.txt").display().to_string()]).ok();
    dir
}

fn solutions(dir: &Dir) -> i64 {
    let conn = rusqlite::Connection::open(dir.join("archive/aquarchive.sqlite")).unwrap();
    conn.query_row("SELECT count(*) FROM solutions", [], |row| row.get(0)).unwrap()
}

#[test]
fn resolve_re_solves_the_archive() {
    let dir = archive();
    let db = rusqlite::Connection::open(dir.join("archive/aquarchive.sqlite")).unwrap();
    db.execute("DELETE FROM solutions WHERE puzzle IN (3, 5)", []).unwrap();

    let run = dir.run(&["resolve", "--unsolved"]).ok();
    assert!(run.stdout.ends_with(": 2 puzzles solved (2 ok), 0 changed status\n"), "{run}");
    assert!(run.stderr.is_empty(), "{run}");
    assert_eq!(solutions(&dir), 30);

    let run = dir.run(&["resolve", "--id", "4", "9", "--kind", "sudoku", "--probing", "root"]).ok();
    assert!(run.stdout.ends_with(": 2 puzzles solved (2 ok), 0 changed status\n"), "{run}");
    assert!(run.stderr.is_empty(), "{run}");

    let run = dir.run(&["--db", "archive/aquarchive.sqlite", "resolve", "--all"]).ok();
    assert!(run.stdout.starts_with("archive/aquarchive.sqlite: 30 puzzles solved (30 ok)"), "{run}");

    let run = dir.run(&["resolve", "--id", "1000"]).expect_code(2);
    assert_eq!(run.stderr, "aquarchive: archive/aquarchive.sqlite: no puzzle with id 1000\n");
}

#[test]
fn solve_all_without_file_names_resolve_all_and_touches_no_archive() {
    let dir = Dir::new();
    for args in
        [&["solve", "--all"][..], &["solve", "--all", "--kind", "sudoku"], &["--db", "a.sqlite", "solve", "--all"]]
    {
        refused_by_clap(&dir, args, "`aquarchive resolve --all`");
    }
    // Nothing was opened, so nothing was made.
    assert!(!dir.join("archive").exists());
    assert!(!dir.join("a.sqlite").exists());
    // Without --all, clap names what is missing.
    refused_by_clap(&dir, &["solve"], "<FILE>");
}

/// Where there is no archive, only the commands that bring puzzles in make
/// one; every other command refuses as the reading commands do, and leaves
/// the folder as it was.
#[test]
fn only_import_and_fetch_make_an_archive() {
    let dir = Dir::new();
    let missing = "aquarchive: archive/aquarchive.sqlite: no archive here yet (import or fetch makes one)\n";
    for args in [
        &["resolve", "--all"][..],
        &["resolve", "--unsolved"],
        &["resolve", "--id", "1"],
        &["reparse"],
        &["reparse", "--json"],
        &["backup", "backups/"],
        &["list"],
        &["show", "1"],
        &["stats"],
        &["verify"],
        &["export", "--format", "jsonl"],
        &["export", "--html", "site"],
        &["log"],
    ] {
        let run = dir.run(args).expect_code(2);
        assert_eq!(run.stderr, missing, "{run}");
        assert!(run.stdout.is_empty(), "{run}");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert!(left.is_empty(), "after {args:?}: {left:?}");
    }
    // Named with --db, the same.
    let run = dir.run(&["--db", "elsewhere/a.sqlite", "reparse"]).expect_code(2);
    assert_eq!(run.stderr, "aquarchive: elsewhere/a.sqlite: no archive here yet (import or fetch makes one)\n");
    assert!(!dir.join("elsewhere").exists());
    // An import makes it, and then they work on it.
    dir.run(&["import", &fixtures().join("sudoku/se_rated_sample.txt").display().to_string()]).ok();
    let run = dir.run(&["resolve", "--all"]).ok();
    assert!(run.stdout.starts_with("archive/aquarchive.sqlite: 30 puzzles solved"), "{run}");
    dir.run(&["reparse"]).ok();
}

#[test]
fn solve_takes_no_option_of_resolve() {
    let dir = archive();
    for (args, said) in [
        (&["solve", "--unsolved"][..], "unexpected argument '--unsolved'"),
        (&["solve", "--id", "1"], "unexpected argument '--id'"),
    ] {
        refused_by_clap(&dir, args, said);
    }
    assert_eq!(solutions(&dir), 30);
}

#[test]
fn bench_is_no_command() {
    let dir = Dir::new();
    for args in [&["bench"][..], &["bench", "ring", "--runs", "10"]] {
        refused_by_clap(&dir, args, "unrecognized subcommand 'bench'");
    }
    let help = dir.run(&["--help"]).ok();
    assert!(help.stdout.contains("solve") && !help.stdout.contains("bench"), "{help}");
}

#[test]
fn resolve_takes_exactly_one_choice_of_puzzles_and_no_files() {
    let dir = archive();
    for (args, said) in [
        (&["resolve"][..], "<--all|--unsolved|--id <ID>...>"),
        (&["resolve", "--all", "--id", "3"], "cannot be used with"),
        (&["resolve", "--all", "puzzle.txt"], "unexpected argument 'puzzle.txt'"),
        (&["solve"], "<FILE>"),
        (&["resolve", "--unsolved", "puzzle.txt"], "unexpected argument 'puzzle.txt'"),
        (&["solve", "--all", "--svg", "board.svg"], "<FILE>"),
    ] {
        refused_by_clap(&dir, args, said);
    }
}

/// Runs `args`, which clap must refuse: exit 2, its message on stderr with
/// `said` and where to read more, nothing on stdout.
fn refused_by_clap(dir: &Dir, args: &[&str], said: &str) {
    let run = dir.run(args).expect_code(2);
    assert!(
        run.stderr.starts_with("error: ") && run.stderr.ends_with("For more information, try '--help'.\n"),
        "{run}"
    );
    assert!(run.stderr.contains(said), "expected {said:?}\n{run}");
    assert!(run.stdout.is_empty(), "{run}");
}

#[test]
fn options_of_one_kind_are_refused_with_another() {
    let dir = Dir::new();
    for (args, said) in [
        // Sudoku's options with Aquarium's, or with Aquarium (the default kind) named.
        (&["generate", "--size", "6", "--difficulty", "easy"][..], "'--size <N>' cannot be used with"),
        (&["generate", "--kind", "sudoku", "--difficulty", "easy", "--tanks", "5"], "cannot be used with"),
        (&["generate", "--kind", "sudoku", "--size", "6"], "--size, --tanks, --style and --format are for Aquarium"),
        (&["generate", "--kind", "aquarium", "--symmetry", "rot90"], "are for --kind sudoku"),
        (&["generate", "--difficulty", "hard"], "--kind <KIND>"),
        // What each kind needs.
        (&["generate"], "--size <N>"),
        (&["generate", "--kind", "sudoku"], "--difficulty <LEVEL>"),
        (&["generate", "--kind", "ring", "--size", "6"], "invalid value 'ring' for '--kind <KIND>'"),
        (&["generate", "--size", "6", "--format", "task", "--solutions"], "--solutions goes with --format text"),
        (&["generate", "--kind", "sudoku", "--difficulty", "easy", "--attempts", "0"], "--attempts <A>"),
        // Task strings are Aquarium's.
        (&["import", "--kind", "ring", "--format", "task", "x.txt"], "--format task is for Aquarium"),
        (&["solve", "--kind", "calendar", "--format", "task", "x.txt"], "--format task is for Aquarium"),
        // The calendar's engine settings are the engine's.
        (&["calendar", "Oct", "6", "--probing", "off"], "--solver <SOLVER>"),
        (&["calendar", "--solver", "bitboard", "--probing", "off"], "--probing is for --solver engine"),
        (&["calendar", "--all", "--limit", "0"], "invalid value '0' for '--limit <N>'"),
        // Kinds by name, the same names everywhere.
        (&["list", "--kind", "Sudoku"], "[possible values: aquarium, sudoku, calendar, ring, battleships, binairo,"),
        (&["export", "--format", "text"], "--out <PATH>"),
    ] {
        refused_by_clap(&dir, args, said);
    }
    // Nothing was read or written.
    assert!(!dir.join("archive").exists());
    // Each kind's options are shown under its own heading.
    let help = dir.run(&["generate", "--help"]).ok();
    let sudoku = help.stdout.split("Sudoku (--kind sudoku):").nth(1).expect("a Sudoku heading");
    assert!(sudoku.contains("--difficulty") && !sudoku.contains("--tanks"), "{help}");
    let help = dir.run(&["solve", "--help"]).ok();
    // Each kind --kind takes is listed with what its files hold.
    assert!(help.stdout.contains("- ring:"), "{help}");
    assert!(!help.stdout.lines().any(|l| l.trim_start().starts_with("--unsolved")), "{help}");
    let help = dir.run(&["help"]).ok();
    assert!(help.stdout.contains("  resolve "), "{help}");
}

#[test]
fn what_was_being_done_comes_before_the_cause() {
    let dir = Dir::new();
    dir.write("config.toml", "[fetch]\nchromium = \"/nonexistent/chromium\"\n");
    let run = dir.run(&["fetch", "--browser", "6x6-easy"]).expect_code(2);
    assert!(run.stderr.starts_with("aquarchive: starting the headless browser: /nonexistent/chromium: "), "{run}");
    assert_eq!(run.stderr.lines().count(), 1, "{run}");
    // A calendar board that is no board: its file and line, once.
    dir.write("board.txt", "not a board\n");
    let run = dir.run(&["calendar", "--board", "board.txt", "Jan", "1"]).expect_code(2);
    assert!(run.stderr.starts_with("aquarchive: board.txt:1: "), "{run}");
    assert_eq!(run.stderr.matches("board.txt").count(), 1, "{run}");
}

/// What `cargo install` and `--release` make carries no debug information
/// (the profiling profile keeps it): the sections of the binary, read from
/// its ELF section headers. A debug build's binary has them by design, so
/// under it the test is ignored (said as such), never passed.
#[test]
#[cfg_attr(debug_assertions, ignore = "it checks the release profile's binary: run the tests with --release")]
fn the_release_binary_has_no_debug_information() {
    let binary = std::path::Path::new(env!("CARGO_BIN_EXE_aquarchive"));
    let profile = binary.parent().and_then(|p| p.file_name()).and_then(|n| n.to_str());
    assert_eq!(profile, Some("release"), "{}", binary.display());
    let bytes = std::fs::read(binary).unwrap();
    assert_eq!(&bytes[..6], b"\x7fELF\x02\x01", "a 64-bit little-endian ELF file");
    let at = |offset: usize, width: usize| {
        bytes[offset..offset + width].iter().rev().fold(0usize, |n, &b| (n << 8) | usize::from(b))
    };
    let (headers, size, count, names_index) = (at(0x28, 8), at(0x3a, 2), at(0x3c, 2), at(0x3e, 2));
    let header = |i: usize| headers + i * size;
    let names_at = at(header(names_index) + 0x18, 8);
    let names: Vec<String> = (0..count)
        .map(|i| {
            let start = names_at + at(header(i), 4);
            let end = start + bytes[start..].iter().position(|&b| b == 0).unwrap();
            String::from_utf8_lossy(&bytes[start..end]).into_owned()
        })
        .collect();
    assert!(names.iter().any(|n| n == ".text"), "{names:?}");
    let debug: Vec<&String> = names.iter().filter(|n| n.starts_with(".debug")).collect();
    assert!(debug.is_empty(), "{} has debug sections {debug:?}", binary.display());
}

/// The commands that `aquarchive help` lists, but `help` itself.
fn commands(dir: &Dir) -> Vec<String> {
    let help = dir.run(&["help"]).ok();
    let commands: Vec<String> = help
        .stdout
        .split("Commands:\n")
        .nth(1)
        .expect("a list of commands")
        .lines()
        .take_while(|line| line.starts_with("  "))
        .filter_map(|line| line.split_whitespace().next())
        .filter(|&name| name != "help")
        .map(String::from)
        .collect();
    assert!(commands.len() > 10, "{help}");
    commands
}

#[test]
fn every_command_s_help_gives_examples() {
    let dir = Dir::new();
    let commands = commands(&dir);
    let commands = commands.iter().map(String::as_str);
    for command in commands.into_iter().map(|name| vec![name]).chain([vec!["calendar", "read"]]) {
        let mut args = command.clone();
        args.push("--help");
        let run = dir.run(&args).ok();
        let examples = run.stdout.split("Examples:\n").nth(1).unwrap_or_else(|| panic!("no examples: {run}"));
        let named = format!("  aquarchive {}", command.join(" "));
        assert!(examples.lines().any(|line| line.starts_with(&named)), "no example of {command:?}: {run}");
    }
}

#[test]
fn help_gives_a_command_s_own_options_first_and_points_to_the_guide_it_carries() {
    let dir = Dir::new();
    for command in commands(&dir) {
        let help = dir.run(&[&command, "--help"]).ok().stdout;
        // The options every command takes come under their own heading, last.
        let (own, global) = help.split_once("Global options:\n").unwrap_or_else(|| panic!("{command}: {help}"));
        assert!(own.contains("-h, --help") && !own.contains("--db <PATH>"), "{command}: {help}");
        assert!(global.contains("--db <PATH>") && global.contains("--verbose"), "{command}: {help}");
        assert!(!help.contains("docs/guide.md"), "{command}'s help names a file an installed copy lacks: {help}");
        // A footer that names a topic of the guide finds it.
        for topic in help.split("`aquarchive guide ").skip(1).filter_map(|rest| rest.split_once('`')) {
            let run = dir.run(&["guide", topic.0]).ok();
            assert!(run.stdout.starts_with("#"), "{command}: aquarchive guide {}: {run}", topic.0);
        }
    }
    let guide = dir.run(&["guide"]).ok().stdout;
    assert!(guide.starts_with("# The aquarchive user's guide\n") && guide.contains("\n## Exit codes\n"), "{guide}");
    let codes = dir.run(&["guide", "EXIT", "codes"]).ok().stdout;
    assert!(codes.starts_with("## Exit codes\n") && codes.len() < guide.len() / 10, "{codes}");
    let run = dir.run(&["guide", "no such topic"]).expect_code(2);
    assert!(
        run.stderr.contains("no section of the guide is headed with \"no such topic\"; its sections are: "),
        "{run}"
    );
}

#[test]
fn completions_and_the_manual_cover_every_command() {
    let dir = Dir::new();
    let commands = commands(&dir);
    // How each shell's script names a long option.
    for (shell, option) in [("bash", "--"), ("zsh", "--"), ("fish", "-l ")] {
        let script = dir.run(&["completions", shell]).ok().stdout;
        for command in &commands {
            assert!(script.contains(command.as_str()), "{shell} completions lack {command}");
        }
        // Options are completed too, the global ones too.
        for name in ["missed", "db"] {
            assert!(script.contains(&format!("{option}{name}")), "{shell} completions lack --{name}: {script}");
        }
        // The classes fetch takes, of Aquarium and of the sister sites, though any word is taken.
        for class in ["10x10-hard", "monthly", "daily-binairo-plus", "chess-melee-weekly"] {
            assert!(script.contains(class), "{shell} completions lack the class {class}");
        }
    }
    // Each command with --size offers them: fish's script says it per command, one `complete` an option.
    let fish = dir.run(&["completions", "fish"]).ok().stdout;
    for command in ["list", "remove", "export", "verify"] {
        let size = fish
            .split("complete -c ")
            .find(|option| option.contains(&format!("using_subcommand {command}\" -l size ")))
            .unwrap_or_else(|| panic!("fish completions have no --size for {command}: {fish}"));
        assert!(size.contains("10x10-hard") && size.contains("daily-binairo-plus"), "{size}");
    }
    dir.run(&["completions", "tcsh"]).expect_code(2);

    let main = dir.run(&["man"]).ok().stdout;
    assert!(main.starts_with(".ie") && main.contains(".TH aquarchive 1"), "{main}");
    for command in &commands {
        assert!(main.contains(&format!("aquarchive\\-{}(1)", command.replace('-', "\\-"))), "the page lacks {command}");
        let page = dir.run(&["man", command]).ok().stdout;
        assert!(page.contains(&format!(".TH aquarchive-{command} 1")), "{page}");
        assert!(page.contains("Examples:"), "{page}");
    }
    let run = dir.run(&["man", "nope"]).expect_code(2);
    assert!(run.stderr.contains("`nope` is not a command of aquarchive; the commands are solve, "), "{run}");

    // Every page that a page lists is written by --all, and nothing else.
    let written = dir.run(&["man", "--all", "pages/man1"]).ok().stdout;
    let folder = dir.join("pages/man1");
    let mut files: Vec<String> =
        std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    files.sort();
    assert_eq!(written.lines().count(), files.len(), "{written}");
    let mut listed = vec!["aquarchive.1".to_string()];
    for file in &files {
        let page = std::fs::read_to_string(folder.join(file)).unwrap();
        assert!(page.contains(&format!(".TH {} 1", file.trim_end_matches(".1"))), "{file}: {page}");
        // A reference is `aquarchive\-calendar\-read(1)` in roff.
        for after in page.split("aquarchive\\-").skip(1) {
            let name: String = after.chars().take_while(|&c| c.is_ascii_lowercase() || c == '\\' || c == '-').collect();
            if after[name.len()..].starts_with("(1)") {
                listed.push(format!("aquarchive-{}.1", name.replace("\\-", "-")));
            }
        }
    }
    listed.sort();
    listed.dedup();
    assert_eq!(files, listed);
    assert!(files.contains(&"aquarchive-calendar-read.1".to_string()), "{files:?}");
    assert!(!files.iter().any(|file| file.contains("help")), "{files:?}");
    let run = dir.run(&["man", "fetch", "--all", "x"]).expect_code(2);
    assert!(run.stderr.contains("cannot be used with"), "{run}");
}

#[test]
fn db_and_config_are_refused_where_they_would_do_nothing() {
    let dir = Dir::new();
    dir.write("c.toml", "");
    let ring = fixtures().join("ring/expert.txt");
    let ring = ring.to_str().unwrap();
    for (args, said) in [
        (&["--db", "a.sqlite", "solve", ring][..], "--db would do nothing; it is for"),
        (&["solve", ring, "--config", "c.toml", "--db", "a.sqlite"], "--db and --config would do nothing; they are"),
        (&["--config", "c.toml", "generate", "--size", "6"], "--config would do nothing"),
        (&["grade", "--db", "a.sqlite", ring], "--db would do nothing"),
        (&["calendar", "Mar", "14", "--db", "a.sqlite"], "`aquarchive calendar` reads neither"),
        (&["--db", "a.sqlite", "completions", "bash"], "--db would do nothing"),
    ] {
        refused_by_clap(&dir, args, said);
    }
    assert!(!dir.join("a.sqlite").exists());
    // Where they do something they are taken, before the command's name or after it.
    let read = dir.run(&["--config", "c.toml", "calendar", "read", "nothing.jpg", "--db", "a.sqlite"]).expect_code(2);
    assert!(!read.stderr.contains("would do nothing"), "{read}");
    let list = dir.run(&["list", "--db", "a.sqlite", "--config", "c.toml"]).expect_code(2);
    assert!(list.stderr.contains("a.sqlite: no archive here yet"), "{list}");
}

#[test]
fn another_program_s_config_toml_here_is_left_alone_with_a_warning() {
    let dir = Dir::new();
    dir.write("config.toml", "[package]\nname = \"mine\"\n");
    let puzzle = fixtures().join("aquarium/puzzles/10x10_easy_3081686.txt");
    let run = dir.run(&["import", puzzle.to_str().unwrap()]).ok();
    assert!(run.stdout.contains("1 puzzle stored"), "{run}");
    assert!(
        run.stderr
            .contains("config.toml: holds none of aquarchive's tables ([archive], [site], [fetch]) but [package]"),
        "{run}"
    );
    assert!(dir.join("archive/aquarchive.sqlite").exists(), "the default archive: {run}");
    // Named with --config, the same file is an error.
    let run = dir.run(&["--config", "config.toml", "list"]).expect_code(2);
    assert!(run.stderr.contains("unknown field `package`"), "{run}");
}

#[test]
fn a_config_table_a_typo_away_from_ours_stops_the_run_before_it_makes_an_archive() {
    let dir = Dir::new();
    let puzzle = fixtures().join("aquarium/puzzles/10x10_easy_3081686.txt");
    for (typo, table) in
        [("[achive]\ndatabase = \"mine.sqlite\"\n", "achive"), ("[fecth]\nmethod = \"http\"\n", "fecth")]
    {
        dir.write("config.toml", typo);
        let run = dir.run(&["import", puzzle.to_str().unwrap()]).expect_code(2);
        assert!(
            run.stderr.contains("config.toml") && run.stderr.contains(&format!("unknown field `{table}`")),
            "{run}"
        );
        assert!(!dir.join("archive").exists() && !dir.join("mine.sqlite").exists(), "no archive made: {run}");
    }
}

#[test]
fn aquarchive_db_names_the_archive_from_any_folder_and_db_still_wins() {
    let dir = Dir::new();
    dir.write("config.toml", "[archive]\ndatabase = \"from-config.sqlite\"\n");
    let puzzle = fixtures().join("aquarium/puzzles/10x10_easy_3081686.txt");
    let home = dir.join("home.sqlite");
    let run_with_variable = |args: &[&str], folder: &str| {
        let mut command = dir.command(args);
        command.current_dir(dir.join(folder)).env("AQUARCHIVE_DB", &home);
        command.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
        crate::util::Run::wait(command.spawn().unwrap(), &format!("aquarchive {}", args.join(" ")))
    };
    // The variable wins over config.toml.
    run_with_variable(&["import", puzzle.to_str().unwrap()], ".").ok();
    assert!(home.exists() && !dir.join("from-config.sqlite").exists());
    // From another folder, the same archive.
    std::fs::create_dir(dir.join("elsewhere")).unwrap();
    let list = run_with_variable(&["list"], "elsewhere").ok();
    assert_eq!(list.stdout.lines().count(), 2, "a header and the puzzle: {list}");
    let stats = run_with_variable(&["stats"], "elsewhere").ok();
    assert!(stats.stdout.contains("home.sqlite: 1 puzzle"), "{stats}");
    // --db wins over the variable.
    let other = run_with_variable(&["--db", "other.sqlite", "list"], "elsewhere").expect_code(2);
    assert!(other.stderr.contains("other.sqlite"), "{other}");
}

#[test]
fn list_finds_a_special_by_its_date_and_shows_the_newest_first_up_to_a_limit() {
    let site = crate::site_server::Site::start();
    let dir = Dir::new();
    dir.write("config.toml", format!("[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\nretries = 0\n", site.base_url()));
    dir.run(&["fetch", "daily", "--missed"]).ok();
    let all = dir.run(&["list", "--json"]).ok().json_lines();
    assert!(all.len() >= 3, "several dailies: {all:?}");
    let dates: Vec<&str> = all.iter().map(|p| p["special_date"].as_str().unwrap()).collect();
    let wanted = dates[1];
    let on_date = dir.run(&["list", "--json", "--date", wanted]).ok().json_lines();
    assert_eq!(on_date.len(), 1, "{on_date:?}");
    assert_eq!(on_date[0]["special_date"], wanted);
    assert_eq!(on_date[0]["id"], all[1]["id"]);
    // The newest first, two of them: the last two stored, last first.
    let newest = dir.run(&["list", "--json", "--newest", "--limit", "2"]).ok().json_lines();
    let ids: Vec<&serde_json::Value> = newest.iter().map(|p| &p["id"]).collect();
    assert_eq!(ids, [&all[all.len() - 1]["id"], &all[all.len() - 2]["id"]]);
    let bad = dir.run(&["list", "--date", "2026-02-30"]).expect_code(2);
    assert!(bad.stderr.contains("--date"), "{bad}");
}
