//! The archive and its backups on a real exFAT file system, as on most USB
//! sticks and SD cards: no hard links, no rename that refuses to replace
//! (exFAT through FUSE), no Unix permissions.
//!
//! Mounting needs root, `/dev/fuse`, a loop device, and Debian's
//! `exfat-fuse` and `exfatprogs`, so these tests are left out of a plain
//! `cargo test` (`#[ignore]`, with the command that runs them); CI installs
//! the packages and runs them with `--ignored`. Where the drive cannot be
//! mounted all the same, a test fails and says why.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::backup::content;
use crate::util::{Dir, FullPipe, Run, ended, fixtures, killed, query, wait_for_count};

/// A fresh exFAT file system of 64 MiB, made in an image file, attached to a
/// loop device and mounted through FUSE on a new directory; unmounted and
/// detached when dropped.
struct Exfat {
    mount: Dir,
    /// Holds the image.
    _image_dir: Dir,
    device: String,
}

impl Exfat {
    /// The mounted drive. Asked for where it cannot be mounted, the test
    /// fails and says why, rather than passing untested.
    fn mount() -> Exfat {
        Exfat::try_mount().unwrap_or_else(|why| {
            panic!(
                "no exFAT file system can be mounted here ({why}); this test needs root, /dev/fuse and Debian's \
                 exfat-fuse and exfatprogs"
            )
        })
    }

    fn try_mount() -> Result<Exfat, String> {
        let run = |program: &str, args: &[&str]| -> Result<String, String> {
            let output = Command::new(program).args(args).stdin(Stdio::null()).output().map_err(|e| {
                format!(
                    "{program}: {e}{}",
                    if e.kind() == std::io::ErrorKind::NotFound { " (not installed)" } else { "" }
                )
            })?;
            if !output.status.success() {
                return Err(format!(
                    "{program} {}: {}",
                    args.join(" "),
                    String::from_utf8_lossy(&output.stderr).trim()
                ));
            }
            Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
        };
        if !Path::new("/dev/fuse").exists() {
            return Err("no /dev/fuse".into());
        }
        let image_dir = Dir::new();
        let image = image_dir.join("exfat.img");
        let file = std::fs::File::create(&image).map_err(|e| format!("{}: {e}", image.display()))?;
        file.set_len(64 << 20).map_err(|e| format!("{}: {e}", image.display()))?;
        let image = image.display().to_string();
        run("mkfs.exfat", &[&image])?;
        let device = run("losetup", &["--find", "--show", &image])?;
        let mount = Dir::new();
        let drive = Exfat { mount, _image_dir: image_dir, device };
        run("mount.exfat-fuse", &[&drive.device, &drive.path().display().to_string()])?;
        Ok(drive)
    }

    fn path(&self) -> &Path {
        self.mount.path()
    }

    /// A path on the drive, as the binary is given it.
    fn at(&self, name: &str) -> String {
        self.path().join(name).display().to_string()
    }

    /// The names on the drive, sorted.
    fn names(&self) -> Vec<String> {
        self.names_in("")
    }

    /// The names in a folder of the drive, sorted.
    fn names_in(&self, folder: &str) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(self.path().join(folder))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Exfat {
    fn drop(&mut self) {
        // Unmounted before the directory is removed; the loop device goes
        // once the FUSE process has let go of it.
        let _ = Command::new("umount").arg(self.path()).status();
        let _ = Command::new("losetup").args(["--detach", &self.device]).status();
    }
}

/// The fixtures imported into `a.sqlite` in a new temp dir.
fn imported() -> Dir {
    let dir = Dir::new();
    let puzzles = fixtures().join("aquarium/puzzles").display().to_string();
    dir.run(&["--db", "a.sqlite", "import", &puzzles]).ok();
    dir
}

/// The one line said when a name was taken by a claim first.
const CLAIMED: &str = "this drive has no hard links, so the name was taken by a small file that says who claimed it";

fn warned_once(run: &Run, path: &str) {
    let warnings: Vec<&str> = run.stderr.lines().filter(|l| l.starts_with("aquarchive: warning: ")).collect();
    assert_eq!(warnings.len(), 1, "{run}");
    assert!(warnings[0].starts_with(&format!("aquarchive: warning: {path}: {CLAIMED}")), "{run}");
}

#[test]
#[ignore = "mounts an exFAT file system (root, /dev/fuse, exfat-fuse): cargo test --release --test it -- --ignored"]
fn backups_onto_exfat_are_made_checked_and_never_replace_a_file_unless_forced() {
    let stick = Exfat::mount();
    let dir = imported();
    let original = content(&dir, "a.sqlite");

    // Into a folder (the drive's top, and one made on it), and as a file.
    let folder = format!("{}/", stick.path().display());
    let run = dir.run(&["--db", "a.sqlite", "backup", &folder]).ok();
    let named = stick.names();
    assert_eq!(named.len(), 1, "{named:?}");
    let dated = stick.at(&named[0]);
    assert!(run.stdout.ends_with(&format!(" to {dated}; verified\n")), "{run}");
    warned_once(&run, &dated);
    let run = dir.run(&["--db", "a.sqlite", "backup", &stick.at("nightly/")]).ok();
    warned_once(&run, &stick.at(&format!("nightly/{}", stick.names_in("nightly")[0])));
    // The next night's backup into a folder already warned about says nothing.
    let run = dir.run(&["--db", "a.sqlite", "backup", &stick.at("nightly/")]).ok();
    assert!(run.stderr.is_empty(), "warned again: {run}");
    assert_eq!(stick.names_in("nightly").len(), 2);
    let file = stick.at("copy.sqlite");
    let run = dir.run(&["--db", "a.sqlite", "backup", &file]).ok();
    assert_eq!(
        run.stdout,
        format!(
            "backed up 95 puzzles with 95 solutions, 0 snapshots, 0 fetch records ({:.1} KiB) to {file}; verified\n",
            std::fs::metadata(&file).unwrap().len() as f64 / 1024.0
        ),
        "{run}"
    );
    // Beside a dated backup (the drive's top), already warned about.
    assert!(run.stderr.is_empty(), "warned again: {run}");
    for copy in [&dated, &file] {
        assert_eq!(&content(&dir, copy), &original, "{copy}");
        dir.run(&["--db", copy, "verify"]).ok();
    }
    // Plain files, and nothing else left: no temporary copy, no side file.
    assert_eq!(stick.names(), [named[0].as_str(), "copy.sqlite", "nightly"]);

    // An existing backup is refused untouched; --force replaces it.
    let old = stick.at("old.sqlite");
    std::fs::copy(&file, &old).unwrap();
    let old_bytes = std::fs::read(&old).unwrap();
    let run = dir.run(&["--db", "a.sqlite", "backup", &old]).expect_code(2);
    assert_eq!(
        run.stderr,
        format!("aquarchive: {old}: already exists; it was left untouched (--force replaces it)\n"),
        "{run}"
    );
    assert_eq!(std::fs::read(&old).unwrap(), old_bytes);
    let run = dir.run(&["--db", "a.sqlite", "backup", &old, "--force"]).ok();
    assert!(run.stderr.is_empty(), "a rename over a file is a rename on any drive\n{run}");
    assert_eq!(content(&dir, &old), original);
    assert_eq!(stick.names(), [named[0].as_str(), "copy.sqlite", "nightly", "old.sqlite"]);
}

#[test]
#[ignore = "mounts an exFAT file system (root, /dev/fuse, exfat-fuse): cargo test --release --test it -- --ignored"]
fn an_archive_is_made_and_written_on_exfat_and_a_killed_import_leaves_whole_chunks() {
    let stick = Exfat::mount();
    let dir = Dir::new();
    let tasks = dir.run(&["generate", "--size", "8", "--count", "3000", "--seed", "61", "--format", "task"]).ok();
    dir.write("tasks.txt", &tasks.stdout);
    let puzzles = fixtures().join("aquarium/puzzles").display().to_string();
    let db = stick.at("new.sqlite");
    let run = dir.run(&["--db", &db, "import", &puzzles]).ok();
    assert!(run.stdout.ends_with("95 puzzles stored, 0 already present\n"), "{run}");
    warned_once(&run, &db);
    // Opened again, it is written through its write-ahead log (SQLite's
    // shared memory works through FUSE) and no warning is said.
    let run = dir.run(&["--db", &db, "import", &puzzles]).expect_code(3);
    assert!(run.stdout.ends_with("0 puzzles stored, 95 already present\n") && run.stderr.is_empty(), "{run}");
    assert_eq!(stick.names(), ["new.sqlite"]);

    // Held as it reports its first chunk (its first write to a full stderr
    // waits) and killed there: one whole chunk kept, and a rerun finishes.
    let stderr = FullPipe::new();
    let mut import = dir
        .command(&["-v", "--db", &db, "import", "tasks.txt"])
        .stdout(Stdio::null())
        .stderr(stderr.stdio())
        .spawn()
        .unwrap();
    let path = PathBuf::from(&db);
    let count = "SELECT count(*) FROM puzzles";
    wait_for_count(&path, count, 96, &mut import, "the first chunk");
    import.kill().unwrap();
    let status = import.wait().unwrap();
    assert!(killed(status), "the import ended ({}) instead of waiting to report its first chunk", ended(status));
    let kept = query(&path, count);
    assert_eq!(kept, 95 + aquarchive::archive::import::CHUNK as i64);
    assert_eq!(query(&path, "SELECT count(*) FROM solutions"), kept);
    dir.run(&["--db", &db, "import", "tasks.txt"]).ok();
    assert_eq!(query(&path, count), 95 + 3000);
    dir.run(&["--db", &db, "verify"]).ok();
    assert_eq!(stick.names(), ["new.sqlite"]);
}

#[test]
#[ignore = "mounts an exFAT file system (root, /dev/fuse, exfat-fuse): cargo test --release --test it -- --ignored"]
fn two_imports_making_one_archive_on_exfat_at_once_both_finish() {
    let stick = Exfat::mount();
    let dir = Dir::new();
    for (name, seed) in [("a.txt", "71"), ("b.txt", "72"), ("shared.txt", "73")] {
        let tasks = dir.run(&["generate", "--size", "6", "--count", "150", "--seed", seed, "--format", "task"]).ok();
        dir.write(name, &tasks.stdout);
    }
    dir.run(&["--db", "serial.sqlite", "import", "a.txt", "b.txt", "shared.txt"]).ok();
    let count = "SELECT count(*) FROM puzzles";
    let expected = query(&dir.join("serial.sqlite"), count);
    // Each round a new archive, both processes started together.
    for round in 0..6 {
        let db = stick.at(&format!("both-{round}.sqlite"));
        let spawn = |own: &str| {
            dir.command(&["--db", &db, "import", own, "shared.txt"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        };
        let (first, second) = (spawn("a.txt"), spawn("b.txt"));
        let runs = [Run::wait(first, "the first import"), Run::wait(second, "the second import")];
        for run in &runs {
            assert_eq!(run.code, 0, "round {round}\n{run}");
        }
        // One of them made it, and said so; the other used it.
        let warned = runs.iter().filter(|run| run.stderr.contains(CLAIMED)).count();
        assert_eq!(warned, 1, "round {round}\n{}\n{}", runs[0], runs[1]);
        assert_eq!(query(Path::new(&db), count), expected, "round {round}");
        dir.run(&["--db", &db, "verify"]).ok();
    }
    let names = stick.names();
    assert_eq!(names, (0..6).map(|round| format!("both-{round}.sqlite")).collect::<Vec<_>>());
}

/// A claim names its maker: one on this machine that still runs (a child
/// that sleeps) is waited for by a reader too, `list` at that moment, which
/// lists the archive renamed over it through FUSE; one whose process has
/// ended is cleared, said, and the name is free again for a reader and a
/// writer alike.
#[test]
#[ignore = "mounts an exFAT file system (root, /dev/fuse, exfat-fuse): cargo test --release --test it -- --ignored"]
fn a_claim_on_exfat_is_waited_for_while_its_maker_runs_and_cleared_once_it_has_ended() {
    let stick = Exfat::mount();
    let dir = imported();
    let host = rustix::system::uname().nodename().to_string_lossy().into_owned();
    let db = stick.at("a.sqlite");
    let whole = stick.at("whole.sqlite");
    dir.run(&["--db", "a.sqlite", "backup", &whole]).ok();

    let mut maker = Command::new("sleep").arg("60").spawn().unwrap();
    std::fs::write(&db, format!("aquarchive claim: process {} on {host}\n", maker.id())).unwrap();
    let list =
        dir.command(&["--db", &db, "list", "--json"]).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(500));
    std::fs::rename(&whole, &db).unwrap();
    let list = Run::wait(list, "aquarchive list --json (waiting for a claim)").ok();
    assert_eq!(list.json_lines().len(), 95, "{list}");
    assert!(list.stderr.is_empty(), "{list}");
    maker.kill().unwrap();
    maker.wait().unwrap();

    let mut ended = Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    let claim = format!("aquarchive claim: process {} on {host}\n", ended.id());
    let cleared = format!(
        "aquarchive: warning: {}: removed the claim of process {} on this machine, which ended before it had made \
         the archive there (killed between claiming the name and renaming the file)",
        stick.at("new.sqlite"),
        ended.id()
    );
    std::fs::write(stick.at("new.sqlite"), &claim).unwrap();
    let run = dir.run(&["--db", &stick.at("new.sqlite"), "list"]).expect_code(2);
    assert_eq!(
        run.stderr,
        format!(
            "aquarchive: {}: no archive here yet (import or fetch makes one): the name held only the claim of \
             process {} on this machine, which ended before it had made the archive there; the claim was removed\n",
            stick.at("new.sqlite"),
            ended.id()
        ),
        "{run}"
    );
    std::fs::write(stick.at("new.sqlite"), &claim).unwrap();
    let puzzles = fixtures().join("aquarium/puzzles").display().to_string();
    let run = dir.run(&["--db", &stick.at("new.sqlite"), "import", &puzzles]).ok();
    assert!(run.stderr.starts_with(&format!("{cleared}\n")), "{run}");
    assert!(run.stderr.contains(CLAIMED), "made anew, by a claim of its own: {run}");
    dir.run(&["--db", &stick.at("new.sqlite"), "verify"]).ok();
    assert_eq!(stick.names(), ["a.sqlite", "new.sqlite"]);
}
