//! Where a browser fetch keeps the Chromium profile, and what the next
//! start removes and kills of a killed run's: on a machine shared with
//! other users, nothing they made is used, removed or killed. The
//! Chromium here is a script that notes where its profile is and ends, so
//! no browser runs; the site is the loopback test site, whose robots.txt
//! (none) lets the first page start the browser.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use crate::site::unsandboxed_as_root;
use crate::site_server::Site;
use crate::util::{Dir, Run, nobody};

/// The test site, and a dir whose config.toml points at it (without
/// Chromium's sandbox as root, see [`unsandboxed_as_root`]) and names a
/// Chromium that writes the scratch folder it was given (its TMPDIR,
/// inside the profile) and the profile's mode and owner to `noted`, then
/// ends before it answers.
fn setup_sandbox_off_as_root() -> (Site, Dir) {
    let site = Site::start();
    let dir = Dir::new();
    let noted = dir.join("noted");
    let script = dir.write(
        "chromium",
        format!(
            "#!/bin/sh\nprofile=$(dirname \"$TMPDIR\")\necho \"$profile $(stat -c '%a %u' \"$profile\")\" > '{}'\nexit 1\n",
            noted.display()
        ),
    );
    std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir.write(
        "config.toml",
        format!(
            "[site]\nbase_url = \"{}\"\nmin_delay_ms = 0\n[fetch]\nchromium = \"{}\"\n",
            site.base_url(),
            script.display()
        ),
    );
    unsandboxed_as_root(&dir);
    (site, dir)
}

/// A folder in `dir` with `mode`, for an XDG_RUNTIME_DIR.
fn folder(dir: &Dir, name: &str, mode: u32) -> PathBuf {
    let path = dir.join(name);
    std::fs::create_dir(&path).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(mode)).unwrap();
    path
}

/// `fetch --browser` with `XDG_RUNTIME_DIR` set to `runtime` (unset: None),
/// and the temp dir `temp`.
fn fetch(dir: &Dir, runtime: Option<&Path>, temp: &Path) -> Run {
    let mut command = dir.command(&["fetch", "--browser", "6x6-easy"]);
    command.env("TMPDIR", temp).stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped());
    match runtime {
        Some(runtime) => command.env("XDG_RUNTIME_DIR", runtime),
        None => command.env_remove("XDG_RUNTIME_DIR"),
    };
    Run::wait(command.spawn().unwrap(), "aquarchive fetch --browser 6x6-easy")
}

/// What the Chromium script noted: the profile, its mode and owner.
fn noted(dir: &Dir) -> Option<(PathBuf, String, u32)> {
    let text = std::fs::read_to_string(dir.join("noted")).ok()?;
    let mut words = text.split_whitespace();
    Some((words.next()?.into(), words.next()?.into(), words.next()?.parse().ok()?))
}

fn own_uid() -> u32 {
    // SAFETY: geteuid has no preconditions.
    unsafe { libc::geteuid() }
}

/// A profile's name with the id of a process that has ended.
fn stale_name() -> String {
    let mut ended = std::process::Command::new("true").spawn().unwrap();
    ended.wait().unwrap();
    format!("aquarchive-chromium-{}-0badc0de", ended.id())
}

#[test]
fn the_profile_is_a_new_private_folder_in_xdg_runtime_dir_removed_when_the_fetch_ends_sandbox_off_as_root() {
    let (_site, dir) = setup_sandbox_off_as_root();
    let runtime = folder(&dir, "runtime", 0o700);
    let temp = folder(&dir, "tmp", 0o1777);
    let run = fetch(&dir, Some(&runtime), &temp).expect_code(2);
    assert!(run.stderr.contains("ended before it answered"), "{run}");
    let (profile, mode, owner) = noted(&dir).expect("Chromium started");
    assert_eq!(profile.parent(), Some(runtime.as_path()), "{}", profile.display());
    let name = profile.file_name().unwrap().to_str().unwrap();
    assert!(name.starts_with("aquarchive-chromium-"), "{name}");
    assert_eq!((mode.as_str(), owner), ("700", own_uid()));
    assert!(!profile.exists(), "the profile is left");
    assert_eq!(std::fs::read_dir(&temp).unwrap().count(), 0, "something was written to the temp dir");
}

#[test]
fn without_xdg_runtime_dir_the_profile_is_a_new_private_folder_of_a_random_name_in_the_temp_dir_sandbox_off_as_root() {
    let (_site, dir) = setup_sandbox_off_as_root();
    let temp = folder(&dir, "tmp", 0o1777);
    let mut names = Vec::new();
    for _ in 0..2 {
        fetch(&dir, None, &temp).expect_code(2);
        let (profile, mode, owner) = noted(&dir).expect("Chromium started");
        assert_eq!(profile.parent(), Some(temp.as_path()), "{}", profile.display());
        assert_eq!((mode.as_str(), owner), ("700", own_uid()));
        assert!(!profile.exists(), "the profile is left");
        names.push(profile.file_name().unwrap().to_str().unwrap().to_string());
    }
    // aquarchive-chromium-PID-RANDOM: nothing another user could make first.
    for name in &names {
        let random = name.rsplit('-').next().unwrap();
        assert!(random.len() == 8 && random.bytes().all(|b| b.is_ascii_alphanumeric()), "{name}");
    }
    assert_ne!(names[0].rsplit('-').next(), names[1].rsplit('-').next());
}

#[test]
fn an_xdg_runtime_dir_open_to_other_users_is_refused_with_the_fix_sandbox_off_as_root() {
    let (_site, dir) = setup_sandbox_off_as_root();
    let runtime = folder(&dir, "runtime", 0o755);
    let temp = folder(&dir, "tmp", 0o1777);
    let run = fetch(&dir, Some(&runtime), &temp).expect_code(2);
    assert!(
        run.stderr.starts_with(&format!(
            "aquarchive: starting the headless browser: XDG_RUNTIME_DIR={}: open to other users (mode 755); ",
            runtime.display()
        )),
        "{run}"
    );
    assert!(run.stderr.contains("chmod 700 DIR") && run.stderr.contains("unset XDG_RUNTIME_DIR"), "{run}");
    assert_eq!(noted(&dir), None, "Chromium was started");
    assert_eq!(std::fs::read_dir(&runtime).unwrap().count(), 0, "something was made in {}", runtime.display());
}

#[test]
#[ignore = "needs root: makes a folder owned by another user (nobody); CI runs it as root"]
fn an_xdg_runtime_dir_of_another_user_is_refused_with_the_fix_sandbox_off_as_root() {
    assert_eq!(own_uid(), 0, "run as root (cargo test --release --test it -- --ignored)");
    let (_site, dir) = setup_sandbox_off_as_root();
    let runtime = folder(&dir, "runtime", 0o700);
    std::os::unix::fs::chown(&runtime, Some(nobody().0), Some(nobody().1)).unwrap();
    let temp = folder(&dir, "tmp", 0o1777);
    let run = fetch(&dir, Some(&runtime), &temp).expect_code(2);
    let said =
        format!("XDG_RUNTIME_DIR={}: owned by user id {}, not by this user (0); ", runtime.display(), nobody().0);
    assert!(run.stderr.contains(&said), "{run}");
    assert_eq!(noted(&dir), None, "Chromium was started");
}

#[test]
fn a_stale_profile_of_ones_own_is_removed_and_folders_open_to_others_or_of_a_running_process_are_left_sandbox_off_as_root()
 {
    let (_site, dir) = setup_sandbox_off_as_root();
    let runtime = folder(&dir, "runtime", 0o700);
    let temp = folder(&dir, "tmp", 0o1777);
    let stale = runtime.join(stale_name());
    let open = runtime.join(stale_name().replace("0badc0de", "0pen"));
    let running = runtime.join(format!("aquarchive-chromium-{}-1", std::process::id()));
    for (profile, mode) in [(&stale, 0o700), (&open, 0o755), (&running, 0o700)] {
        std::fs::create_dir_all(profile.join("tmp")).unwrap();
        std::fs::set_permissions(profile, std::fs::Permissions::from_mode(mode)).unwrap();
    }
    fetch(&dir, Some(&runtime), &temp).expect_code(2);
    assert!(!stale.exists(), "the stale profile is left");
    assert!(open.exists(), "a folder open to others, as aquarchive never makes them, was removed");
    assert!(running.exists(), "the profile of a running process was removed");
}

#[test]
#[ignore = "needs root: makes a folder owned by another user (nobody); CI runs it as root"]
fn a_stale_looking_profile_of_another_user_is_left_alone_sandbox_off_as_root() {
    assert_eq!(own_uid(), 0, "run as root (cargo test --release --test it -- --ignored)");
    let (_site, dir) = setup_sandbox_off_as_root();
    let temp = folder(&dir, "tmp", 0o1777);
    let theirs = temp.join(stale_name());
    std::fs::create_dir_all(theirs.join("tmp")).unwrap();
    std::fs::set_permissions(&theirs, std::fs::Permissions::from_mode(0o700)).unwrap();
    std::os::unix::fs::chown(&theirs, Some(nobody().0), Some(nobody().1)).unwrap();
    let ours = temp.join(stale_name());
    std::fs::create_dir_all(ours.join("tmp")).unwrap();
    std::fs::set_permissions(&ours, std::fs::Permissions::from_mode(0o700)).unwrap();
    fetch(&dir, None, &temp).expect_code(2);
    assert!(!ours.exists(), "our own stale profile is left");
    assert!(theirs.exists(), "another user's folder was removed");
    assert_eq!(std::fs::metadata(&theirs).unwrap().uid(), nobody().0);
}
