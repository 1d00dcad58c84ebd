//! The whole family fetched: every site of the publisher asked as the real
//! sites are (a proxy stands in for them, see `family_server`), each with
//! its own robots.txt, one pace for all, each site's specials named as the
//! site names them and caught up per site.

use crate::family_server::{Family, OFFERED};
use crate::util::Dir;

/// A directory whose runs reach the family through the stand-in, each site
/// at its own host as the real ones (over plain HTTP, which the stand-in
/// proxies: one `url_pattern` moves the family), `min_delay_ms` apart.
fn setup(min_delay_ms: u64) -> Dir {
    let dir = Dir::new();
    dir.write(
        "config.toml",
        format!("[site]\nurl_pattern = \"http://www.puzzle-{{site}}.com/\"\nmin_delay_ms = {min_delay_ms}\ntimeout_secs = 5\nretries = 0\nbackoff_ms = 10\n"),
    );
    dir
}

/// Runs the binary through the stand-in.
fn proxied(dir: &Dir, family: &Family, args: &[&str]) -> crate::util::Run {
    let mut command = dir.command(args);
    command.env("http_proxy", family.proxy()).env("HTTP_PROXY", family.proxy());
    command.env_remove("no_proxy").env_remove("NO_PROXY");
    crate::util::Run::wait(
        command.stdout(std::process::Stdio::piped()).stderr(std::process::Stdio::piped()).spawn().unwrap(),
        &format!("{args:?}"),
    )
}

#[test]
fn a_sister_sites_daily_is_read_with_its_kind_class_and_date_solved_and_confirmed_by_the_sites_hash() {
    let family = Family::start();
    let dir = setup(0);
    let run = proxied(&dir, &family, &["fetch", "--site", "star-battle", "daily", "--json"]).ok();
    let lines = run.json_lines();
    assert_eq!(lines.len(), 1, "{run}");
    let line = &lines[0];
    assert_eq!(line["url"], "http://www.puzzle-star-battle.com/?size=9", "{run}");
    assert_eq!(
        (&line["site"], &line["kind"], &line["size_class"]),
        (&"star-battle".into(), &"star-battle".into(), &"daily".into())
    );
    assert_eq!(line["date"], family.today().to_string(), "{run}");
    assert_eq!(line["outcome"], "new", "{run}");
    assert_eq!(line["hash_check"], "match", "{run}");
    let puzzles = crate::family_server::family_puzzles();
    assert_eq!(line["task"], puzzles["star-battle"].task.as_str());
    assert_eq!(line["hashed_solution"], puzzles["star-battle"].hashed.as_str());
    // The page is kept with its record, asked after the site's own robots.txt.
    let db = dir.join("archive/aquarchive.sqlite");
    assert_eq!(
        crate::util::query(
            &db,
            "SELECT count(*) FROM fetches WHERE url = 'http://www.puzzle-star-battle.com/?size=9' AND snapshot IS NOT NULL"
        ),
        1
    );
    assert_eq!(
        crate::util::query(
            &db,
            "SELECT count(*) FROM fetches WHERE url = 'http://www.puzzle-star-battle.com/robots.txt'"
        ),
        1
    );
    let asked: Vec<(String, String)> = family.log().into_iter().map(|(_, site, path)| (site, path)).collect();
    assert_eq!(
        asked,
        [("star-battle".to_string(), "/robots.txt".to_string()), ("star-battle".into(), "/?size=9".into())]
    );
    // Stored once, by its site's class and its date, with the answer the
    // site's hash confirms.
    let today = family.today().to_string();
    let stored = crate::util::query(
        &db,
        &format!(
            "SELECT count(*) FROM puzzles p JOIN site_facts f ON f.puzzle = p.id WHERE p.kind = 'star-battle' \
             AND p.size_class = 9 AND p.special_date = '{today}' AND p.status = 'ok' AND f.hash_check = 'match'"
        ),
    );
    assert_eq!(stored, 1);
    // In words too; a second run finds it held.
    let run = proxied(&dir, &family, &["fetch", "--site", "star-battle", "daily"]).expect_code(3);
    assert!(run.stdout.contains(&format!("star-battle daily 5x5 no ID of {today}")), "{run}");
}

#[test]
fn a_page_of_a_kind_without_a_solver_is_stored_as_the_site_gave_it_its_hash_pending() {
    let family = Family::start();
    let dir = setup(0);
    let (kind, task, _, _) = crate::family_server::KEPT;
    let run = proxied(&dir, &family, &["fetch", "--site", kind, "daily", "--json"]).ok();
    let line = &run.json_lines()[0];
    assert_eq!(
        (&line["kind"], &line["outcome"], &line["hash_check"]),
        (&kind.into(), &"new".into(), &"pending".into()),
        "{run}"
    );
    let db = dir.join("archive/aquarchive.sqlite");
    let kept = crate::util::query(
        &db,
        &format!("SELECT count(*) FROM puzzles WHERE kind = '{kind}' AND status = 'no-solver' AND text = '{task}\n'"),
    );
    assert_eq!(kept, 1, "{run}");
    // Not fetched again as if garbled, and held on the next run (slant's daily is `?size=10`).
    assert_eq!(family.log().iter().filter(|(_, _, path)| path == "/?size=10").count(), 1);
    proxied(&dir, &family, &["fetch", "--site", kind, "daily"]).expect_code(3);
}

#[test]
fn every_site_is_visited_at_one_pace_each_robots_txt_asked_once_and_a_disallowing_site_skipped() {
    let family = Family::start();
    family.robots("nurikabe", "User-agent: *\nDisallow: /\n");
    family.robots("tents", "User-agent: aquarchive\nDisallow: /private\n");
    let dir = setup(40);
    let run =
        proxied(&dir, &family, &["fetch", "daily", "weekly", "monthly", "--site", "all", "--json"]).expect_code(2);
    let log = family.log();
    // Each site that has specials: its robots.txt once, and before any page
    // of the site. The two sites without specials are not asked at all.
    let mut sites: Vec<&str> =
        log.iter().filter(|(_, _, path)| path == "/robots.txt").map(|(_, s, _)| s.as_str()).collect();
    assert_eq!(sites.len(), 35, "{sites:?}");
    sites.sort();
    sites.dedup();
    assert_eq!(sites.len(), 35);
    assert!(!log.iter().any(|(_, site, _)| site == "words" || site == "kurodoko"));
    for (i, (_, site, path)) in log.iter().enumerate() {
        if path != "/robots.txt" {
            let robots = log.iter().position(|(_, s, p)| s == site && p == "/robots.txt").unwrap();
            assert!(robots < i, "{site}: a page before its robots.txt");
        }
    }
    // The site whose robots.txt disallows: no page asked, and said so.
    assert!(!log.iter().any(|(_, site, path)| site == "nurikabe" && path != "/robots.txt"));
    let lines = run.json_lines();
    let nurikabe: Vec<_> =
        lines.iter().filter(|l| l["url"].as_str().unwrap().contains("puzzle-nurikabe.com")).collect();
    assert_eq!(nurikabe.len(), 3, "{run}");
    assert!(nurikabe.iter().all(|l| l["error"].as_str().unwrap().contains("forbids")), "{run}");
    // Every special of every other site that has them, each asked once; the
    // two sites without specials are not asked for one.
    let pages = log.iter().filter(|(_, _, path)| path != "/robots.txt").count();
    assert_eq!(pages, lines.len() - 3, "{run}");
    assert!(log.iter().any(|(_, site, path)| site == "binairo" && path == "/daily-binairo-plus"));
    assert!(log.iter().any(|(_, site, path)| site == "chess" && path == "/solo-chess-weekly"));
    assert!(log.iter().any(|(_, site, path)| site == "light-up" && path == "/?size=12"));
    // One pace for the whole family: no two requests closer than the delay,
    // whichever sites they went to (a little slack for the clock).
    for pair in log.windows(2) {
        let gap = pair[1].0.duration_since(pair[0].0);
        assert!(gap.as_millis() >= 35, "{:?} then {:?}: {gap:?} apart", pair[0], pair[1]);
    }
    // Aquarium's daily is judged and stored as ever, with its date; every
    // other site's specials are stored too: solved where their kind has a
    // solver, kept as the site gave them where not, none flagged.
    let db = dir.join("archive/aquarchive.sqlite");
    assert_eq!(crate::util::query(&db, "SELECT count(*) FROM puzzles WHERE status NOT IN ('ok', 'no-solver')"), 0);
    let kinds = crate::util::query(&db, "SELECT count(DISTINCT kind) FROM puzzles");
    assert!(kinds >= 30, "{kinds} kinds stored\n{run}");
    let confirmed = crate::util::query(
        &db,
        "SELECT count(DISTINCT p.kind) FROM puzzles p JOIN site_facts f ON f.puzzle = p.id WHERE f.hash_check = 'match'",
    );
    assert!(confirmed >= 20, "{confirmed} kinds confirmed by the site's hash\n{run}");
    assert_eq!(
        crate::util::query(
            &db,
            "SELECT count(*) FROM puzzles WHERE kind = 'aquarium' AND size_class = 9 AND status = 'ok'"
        ),
        1
    );
    // Said on the way: which site it is on.
    assert!(
        run.stderr.contains("aquarchive: star-battle (http://www.puzzle-star-battle.com/): daily weekly monthly"),
        "{run}"
    );
}

#[test]
fn a_run_after_days_off_catches_up_each_site_and_missed_asks_every_offered_special() {
    let family = Family::start();
    let dir = setup(0);
    proxied(&dir, &family, &["fetch", "daily", "--site", "aquarium,star-battle"]).ok();
    assert!(family.posts().is_empty(), "a fresh archive catches nothing up");
    family.advance(2);
    let run2 =
        proxied(&dir, &family, &["fetch", "daily", "--site", "aquarium", "--site", "star-battle", "--json"]).ok();
    // Each site's missed daily by its date, asked of its own site.
    let yesterday = family.today().yesterday().unwrap().to_string();
    assert_eq!(
        family.posts(),
        [("aquarium".to_string(), 9, yesterday.clone()), ("star-battle".to_string(), 9, yesterday.clone())],
        "{run2}"
    );
    let db = dir.join("archive/aquarchive.sqlite");
    // Stored under its own date, as the site's puzzle of that day.
    let text =
        aquarchive::kinds::aquarium::Aquarium::parse_task(&family.aquarium_task(&yesterday)).unwrap().to_string();
    let stored = crate::util::query(
        &db,
        &format!(
            "SELECT count(*) FROM puzzles WHERE kind = 'aquarium' AND size_class = 9 AND special_date = '{yesterday}' \
             AND status = 'ok' AND text = '{}'",
            text.replace('\'', "''")
        ),
    );
    assert_eq!(stored, 1);
    // --missed: every special each site still offers that the archive lacks,
    // asked of its own site with its own number.
    // The runs before kept every daily the site offers: nothing is missed.
    proxied(&dir, &family, &["fetch", "daily", "--site", "star-battle", "--missed"]).expect_code(3);
    let star: Vec<(u8, String)> =
        family.posts().into_iter().filter(|(site, ..)| site == "star-battle").map(|(_, n, d)| (n, d)).collect();
    assert!(star.iter().all(|(n, _)| *n == 9));
    let mut dates: Vec<&String> = star.iter().map(|(_, d)| d).collect();
    dates.sort();
    dates.dedup();
    assert_eq!(dates.len(), star.len(), "no date asked twice: {star:?}");
    // Every daily the site offers is held, each once.
    let held = crate::util::query(
        &db,
        &format!(
            "SELECT count(*) FROM puzzles WHERE kind = 'star-battle' AND size_class = 9 AND special_date > '{}'",
            family.today().checked_sub(jiff::Span::new().days(OFFERED)).unwrap()
        ),
    );
    assert_eq!(held, OFFERED, "{star:?}");
}

#[test]
fn a_binairo_page_whose_ident_says_binairo_plus_is_binairo_plus_and_learns_its_number() {
    let family = Family::start();
    family.ident("daily-binairo-plus", "binairo-plus.23");
    let dir = setup(0);
    let run = proxied(&dir, &family, &["fetch", "--site", "binairo", "daily-binairo-plus", "--json"]).ok();
    let line = &run.json_lines()[0];
    assert_eq!(line["url"], "http://www.puzzle-binairo.com/daily-binairo-plus", "{run}");
    assert_eq!((&line["kind"], &line["size_class"]), (&"binairo-plus".into(), &"daily-binairo-plus".into()), "{run}");
    let db = dir.join("archive/aquarchive.sqlite");
    assert_eq!(
        crate::util::query(&db, "SELECT count(*) FROM puzzles WHERE kind = 'binairo-plus' AND size_class = 23"),
        1
    );
    // The number the page gave is known from the stored page from now on.
    let sites = run_sites(&dir, &family);
    let binairo = sites.iter().find(|s| s["name"] == "binairo").unwrap();
    let plus = binairo["specials"].as_array().unwrap().iter().find(|s| s["name"] == "daily-binairo-plus").unwrap();
    assert_eq!(plus["size"], 23, "{binairo}");
}

fn run_sites(dir: &Dir, family: &Family) -> Vec<serde_json::Value> {
    proxied(dir, family, &["sites", "--json"]).ok().json_lines()
}

#[test]
fn sites_lists_the_family_and_learns_classes_from_a_fetched_menu() {
    let family = Family::start();
    let dir = setup(0);
    let sites = run_sites(&dir, &family);
    assert_eq!(sites.len(), 37);
    assert_eq!(sites[0]["name"], "aquarium");
    assert_eq!(sites[0]["url"], "http://www.puzzle-aquarium.com/");
    let light_up = sites.iter().find(|s| s["name"] == "light-up").unwrap();
    assert_eq!(light_up["classes"].as_array().unwrap().len(), 12);
    assert_eq!(light_up["classes"][0]["name"], "7x7-easy");
    let star = sites.iter().find(|s| s["name"] == "star-battle").unwrap();
    assert_eq!(star["classes"].as_array().unwrap().len(), 0, "nothing learned yet");
    let text = proxied(&dir, &family, &["sites"]).ok().stdout;
    assert!(text.contains("binairo  http://www.puzzle-binairo.com/  kinds: binairo, binairo-plus"), "{text}");
    assert!(text.contains("kinds: slant (kept, not solved yet)"), "{text}");
    let star = sites.iter().find(|s| s["name"] == "star-battle").unwrap();
    assert_eq!(star["solved"], serde_json::json!(["star-battle"]));
    // A page of the site teaches its menu's classes, kept in the archive.
    proxied(&dir, &family, &["fetch", "--site", "star-battle", "daily"]).ok();
    let sites = run_sites(&dir, &family);
    let star = sites.iter().find(|s| s["name"] == "star-battle").unwrap();
    let names: Vec<&str> = star["classes"].as_array().unwrap().iter().map(|c| c["name"].as_str().unwrap()).collect();
    assert_eq!(names.first(), Some(&"6x6-easy"), "{star}");
    assert_eq!(names.len(), 9, "{star}");
    // ...which fetch then takes by name.
    let run = proxied(&dir, &family, &["fetch", "--site", "star-battle", "6x6-easy", "--json"]);
    assert_eq!(run.json_lines()[0]["url"], "http://www.puzzle-star-battle.com/?size=0", "{run}");
}

#[test]
fn an_unknown_site_or_class_is_refused_naming_what_there_is() {
    let family = Family::start();
    let dir = setup(0);
    let run1 = proxied(&dir, &family, &["fetch", "--site", "starbattle", "daily"]).expect_code(2);
    assert!(
        run1.stderr.contains("starbattle") && run1.stderr.contains("star-battle") && run1.stderr.contains("yin-yang"),
        "{run1}"
    );
    let run2 = proxied(&dir, &family, &["fetch", "--site", "binairo", "hourly"]).expect_code(2);
    assert!(
        run2.stderr.contains("`hourly` is not a size class of the binairo site")
            && run2.stderr.contains("daily-binairo-plus"),
        "{run2}"
    );
    assert!(family.log().is_empty());
    let help = dir.run(&["fetch", "--help"]).ok().stdout;
    assert!(help.contains("star-battle") && help.contains("--site"), "{help}");
}

/// `--size` reads a class as the site of `--site` names it: Light Up's
/// daily is its size 13, not Aquarium's 9 (Light Up's 9 is its 25x25-easy);
/// with no site named, a class is Aquarium's and picks Aquarium's puzzles.
/// `list`, `export`, `verify` and `remove` read it alike, and a class the
/// site does not have is refused naming the site's classes.
#[test]
fn a_size_class_is_read_by_the_named_sites_own_classes() {
    let family = Family::start();
    let dir = setup(0);
    proxied(&dir, &family, &["fetch", "daily", "--site", "aquarium,light-up,star-battle"]).ok();
    let list = |args: &[&str]| dir.run(&[&["list", "--json"], args].concat()).ok().json_lines();
    let kinds = |lines: &[serde_json::Value]| lines.iter().map(|p| p["kind"].to_string()).collect::<Vec<_>>();
    let light_up = list(&["--site", "light-up", "--size", "daily"]);
    assert_eq!(kinds(&light_up), ["\"light-up\""], "{light_up:?}");
    assert_eq!(light_up[0]["size_class"], 13);
    assert_eq!(kinds(&list(&["--site", "light-up", "--size", "special-daily"])), ["\"light-up\""]);
    assert_eq!(kinds(&list(&["--kind", "light-up", "--size", "daily"])), ["\"light-up\""]);
    assert_eq!(kinds(&list(&["--site", "light-up", "--size", "13"])), ["\"light-up\""]);
    assert!(list(&["--site", "light-up", "--size", "25x25-easy"]).is_empty());
    assert_eq!(kinds(&list(&["--site", "star-battle", "--size", "daily"])), ["\"star-battle\""]);
    // No site named: Aquarium's daily, and only Aquarium's.
    assert_eq!(kinds(&list(&["--size", "daily"])), ["\"aquarium\""]);
    assert_eq!(kinds(&list(&["--size", "9"])), ["\"aquarium\""]);

    let verify = dir.run(&["verify", "--site", "light-up", "--size", "daily"]).ok();
    assert!(verify.stdout.ends_with(": 1 puzzle checked, 0 mismatches\n"), "{verify}");
    let export = dir.run(&["export", "--format", "jsonl", "--site", "light-up", "--size", "daily"]).ok();
    assert_eq!(kinds(&export.json_lines()), ["\"light-up\""]);
    let dry = dir.run(&["remove", "--site", "light-up", "--size", "daily", "--dry-run"]).ok();
    assert!(dry.stdout.ends_with(": 1 puzzle would be removed (a dry run: nothing was removed)\n"), "{dry}");
    assert!(dry.stdout.contains("light-up"), "{dry}");

    for command in [&["list"][..], &["verify"], &["export", "--format", "jsonl"], &["remove", "--dry-run"]] {
        let run = dir.run(&[command, &["--site", "star-battle", "--size", "7x7-easy"]].concat()).expect_code(2);
        assert!(
            run.stderr.contains("--size 7x7-easy: not a size class of the star-battle site (it knows")
                && run.stderr.contains("daily, weekly, monthly"),
            "{command:?}: {run}"
        );
    }
    let run = dir.run(&["list", "--size", "huge"]).expect_code(2);
    assert!(run.stderr.contains("--size huge: not a size class of the aquarium site (it knows 6x6-easy"), "{run}");
}
