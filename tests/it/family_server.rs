//! The publisher's family on 127.0.0.1, as a forward proxy: the binary is
//! run with `http_proxy` pointing here and `[site] url_pattern` set to
//! `http://www.puzzle-{site}.com/`, so it asks
//! `http://www.puzzle-star-battle.com/?size=9` as it asks the real sites
//! (over HTTPS there), and each site has its own host and its own
//! robots.txt. Every special asked of any site (`?size=N`, a path such as
//! `/daily-binairo`, the form's POST of a date) is answered with a special's
//! page built on the real page skeleton (`site_server::skeleton`), its game's
//! `ident` naming the site's kind and the number asked, with a real puzzle
//! of the family (tests/fixtures/family/states.jsonl): its task and the
//! site's hash. Aquarium's specials are the Aquarium stand-in's own, so they
//! are judged and stored. The date list offers the last three days.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use jiff::ToSpan as _;
use jiff::civil::Date;

use crate::site_server::Site;
use crate::site_server::skeleton::{self, PageFacts, SpecialFacts};
use crate::util::fixtures;

/// How many dailies a special's page offers, today's included.
pub const OFFERED: i64 = 3;

/// A real puzzle of one kind: its task and the site's hash.
#[derive(Clone, Debug)]
pub struct FamilyPuzzle {
    pub task: String,
    pub hashed: String,
    pub width: usize,
    pub height: usize,
}

struct State {
    today: Date,
    /// robots.txt by site name; a site without one answers 404.
    robots: HashMap<String, String>,
    /// The `ident` a path's page gives, when a test says (else the path's kind).
    idents: HashMap<String, String>,
    /// Every request: when, the site (host) and the path and query.
    log: Vec<(Instant, String, String)>,
    /// Every POST: the site, the form's size and date.
    posts: Vec<(String, u8, String)>,
}

pub struct Family {
    port: u16,
    state: Arc<Mutex<State>>,
    /// Aquarium's specials, with their real hashes and one puzzle a day.
    aquarium: Arc<Site>,
}

impl Family {
    pub fn start() -> Family {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        let aquarium = Arc::new(Site::start());
        let today: Date = crate::site_server::FIRST_DAY.parse().unwrap();
        let state = Arc::new(Mutex::new(State {
            today,
            robots: HashMap::new(),
            idents: HashMap::new(),
            log: Vec::new(),
            posts: Vec::new(),
        }));
        let (shared, pool) = (Arc::clone(&state), Arc::clone(&aquarium));
        let puzzles = Arc::new(family_puzzles());
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (state, pool, puzzles) = (Arc::clone(&shared), Arc::clone(&pool), Arc::clone(&puzzles));
                std::thread::spawn(move || {
                    let _ = serve(stream, &state, &pool, &puzzles);
                });
            }
        });
        Family { port, state, aquarium }
    }

    /// The proxy's address, for `http_proxy`.
    pub fn proxy(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// What a site's robots.txt says from now on.
    pub fn robots(&self, site: &str, text: &str) {
        self.state.lock().unwrap().robots.insert(site.into(), text.into());
    }

    /// The `ident` the page at a path gives (`binairo-plus.23`).
    pub fn ident(&self, path: &str, ident: &str) {
        self.state.lock().unwrap().idents.insert(path.into(), ident.into());
    }

    pub fn advance(&self, days: i64) {
        let mut state = self.state.lock().unwrap();
        state.today = state.today.checked_add(days.days()).unwrap();
        self.aquarium.advance(days);
    }

    pub fn today(&self) -> Date {
        self.state.lock().unwrap().today
    }

    /// Every request: when, the site and the path and query.
    pub fn log(&self) -> Vec<(Instant, String, String)> {
        self.state.lock().unwrap().log.clone()
    }

    /// Every POST: the site, the form's size and date.
    pub fn posts(&self) -> Vec<(String, u8, String)> {
        self.state.lock().unwrap().posts.clone()
    }

    /// Aquarium's special of a date, as the Aquarium stand-in serves it.
    pub fn aquarium_task(&self, date: &str) -> String {
        self.aquarium.special_on(9, date).task
    }
}

/// The size a kind's home reads from a task, where the kind has a home.
fn read_size(kind: &str, task: &str) -> Option<(usize, usize)> {
    let home = aquarchive::kinds::homes::home(kind.parse().ok()?)?;
    let size = home.read(task, None).ok()?.size();
    Some((size.width, size.height))
}

/// The side of a square grid whose answer is `answer`, as a real page's
/// `puzzleWidth` and `puzzleHeight` give it: one value a cell (a character,
/// or numbers joined by commas), or, where that makes no square, 10.
fn square_side(answer: &str) -> (usize, usize) {
    let values = if answer.contains(',') { answer.split(',').count() } else { answer.chars().count() };
    let side = (values as f64).sqrt().round() as usize;
    if side * side == values { (side, side) } else { (10, 10) }
}

/// The family's real puzzles by kind, the first of each.
/// A puzzle of a kind that aquarchive keeps without reading it (slant):
/// its kind, task, hash and side. Every kind of the fixtures' real puzzles
/// is read, so this one is made up, in the shape of the engine's tasks; a
/// kept task is stored as it came and never read, so no more is needed.
pub const KEPT: (&str, &str, &str, usize) = ("slant", "a1b2a1c0b1a2d1a3b1c2a1b", "a664ff21977014d444ae647928554093", 5);

/// The fixtures' real puzzles, the first of each kind, and [`KEPT`].
pub fn family_puzzles() -> HashMap<String, FamilyPuzzle> {
    let text = std::fs::read_to_string(fixtures().join("family/states.jsonl")).unwrap();
    let mut out = HashMap::new();
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let task = v["task"].as_str().unwrap().to_string();
        let given = v["width"].as_u64().zip(v["height"].as_u64()).map(|(w, h)| (w as usize, h as usize));
        let kind = v["kind"].as_str().unwrap();
        let (width, height) =
            given.or_else(|| read_size(kind, &task)).unwrap_or_else(|| square_side(v["answer"].as_str().unwrap()));
        let puzzle = FamilyPuzzle { hashed: v["hashed_solution"].as_str().unwrap().to_string(), width, height, task };
        out.entry(v["kind"].as_str().unwrap().to_string()).or_insert(puzzle);
    }
    let (kind, task, hashed, side) = KEPT;
    out.insert(kind.into(), FamilyPuzzle { task: task.into(), hashed: hashed.into(), width: side, height: side });
    out
}

fn serve(
    stream: TcpStream,
    state: &Mutex<State>,
    aquarium: &Site,
    puzzles: &HashMap<String, FamilyPuzzle>,
) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let (mut line, mut length, mut host) = (String::new(), 0, String::new());
    while reader.read_line(&mut line)? > 2 {
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            } else if name.eq_ignore_ascii_case("host") {
                host = value.trim().to_string();
            }
        }
        line.clear();
    }
    let mut words = request_line.split_whitespace();
    let method = words.next().unwrap_or("GET").to_string();
    let mut target = words.next().unwrap_or("/").to_string();
    // A proxy is asked the whole URL.
    if let Some(rest) = target.strip_prefix("http://") {
        let (h, path) = rest.split_once('/').unwrap_or((rest, ""));
        host = h.to_string();
        target = format!("/{path}");
    }
    let site = host.trim_start_matches("www.").trim_start_matches("puzzle-").trim_end_matches(".com").to_string();
    let mut body = vec![0; length];
    if method == "POST" {
        std::io::Read::read_exact(&mut reader, &mut body)?;
    }
    let form = String::from_utf8_lossy(&body).into_owned();
    let (status, text, content_type) = {
        let mut state = state.lock().unwrap();
        state.log.push((
            Instant::now(),
            site.clone(),
            if method == "POST" { format!("POST {target}") } else { target.clone() },
        ));
        route(&mut state, &site, &method, &target, &form, aquarium, puzzles)
    };
    let head = format!(
        "HTTP/1.1 {status} {}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        if status == 200 { "OK" } else { "Not Found" },
        text.len()
    );
    let mut stream = stream;
    stream.write_all(head.as_bytes())?;
    stream.write_all(text.as_bytes())?;
    stream.flush()
}

fn route(
    state: &mut State,
    site: &str,
    method: &str,
    target: &str,
    form: &str,
    aquarium: &Site,
    puzzles: &HashMap<String, FamilyPuzzle>,
) -> (u16, String, &'static str) {
    if target == "/robots.txt" {
        return match state.robots.get(site) {
            Some(text) => (200, text.clone(), "text/plain"),
            None => (404, "<h1>Not found</h1>".into(), "text/html"),
        };
    }
    let field = |text: &str, name: &str| {
        text.split('&').find_map(|kv| kv.split_once('=').filter(|(k, _)| *k == name).map(|(_, v)| v.to_string()))
    };
    let today = state.today;
    let (number, date, path_kind) = if method == "POST" {
        let size: u8 = field(form, "size").and_then(|s| s.parse().ok()).unwrap_or(0);
        let date = field(form, "date").and_then(|d| d.parse::<Date>().ok()).unwrap_or(today);
        state.posts.push((site.to_string(), size, date.to_string()));
        (size, date, None)
    } else if let Some(size) = target.strip_prefix("/?size=").and_then(|s| s.parse::<u8>().ok()) {
        (size, today, None)
    } else {
        // A path special: `/daily-binairo-plus`, `/chess-melee-daily`.
        let path = target.trim_start_matches('/');
        let kind = path.replace("daily-", "").replace("weekly-", "").replace("monthly-", "");
        let kind = kind.trim_end_matches("-daily").trim_end_matches("-weekly").trim_end_matches("-monthly");
        (30, today, Some((path.to_string(), kind.to_string())))
    };
    let ident = match &path_kind {
        Some((path, kind)) => state.idents.get(path).cloned().unwrap_or(format!("{kind}.{number}")),
        None => format!("{site}.{number}"),
    };
    // The page's own number is its ident's.
    let number: u8 = ident.rsplit('.').next().and_then(|n| n.parse().ok()).unwrap_or(number);
    let kind = ident.split('.').next().unwrap().to_string();
    let (task, hashed, width, height) = if site == "aquarium" {
        let served = aquarium.special_on(9, &date.to_string());
        (served.task.clone(), served.hashed_solution(), served.side, served.side)
    } else {
        let puzzle = puzzles.get(&kind).or_else(|| puzzles.get("star-battle")).unwrap();
        (puzzle.task.clone(), puzzle.hashed.clone(), puzzle.width, puzzle.height)
    };
    let offered: Vec<Date> = (0..OFFERED).map(|back| today.checked_sub(back.days()).unwrap()).collect();
    let facts = PageFacts {
        size: 9,
        side: width,
        task: &task,
        hashed: &hashed,
        id_text: String::new(),
        special: Some(SpecialFacts {
            date,
            offered,
            last_valid: today.checked_sub(OFFERED.days()).unwrap(),
            id_span: None,
        }),
        today,
    };
    let page = skeleton::page(&facts)
        .replace("ident: 'aquarium.9'", &format!("ident: '{ident}'"))
        .replace("Game.plSize = 9;", &format!("Game.plSize = {number};"))
        .replace("name=\"size\" value=\"9\"", &format!("name=\"size\" value=\"{number}\""))
        .replace(&format!("puzzleHeight: {width}"), &format!("puzzleHeight: {height}"))
        .replace("User.achievements['aquarium']", &format!("User.achievements['{kind}']"));
    (200, page, "text/html")
}
