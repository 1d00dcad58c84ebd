//! A small stand-in for puzzle-aquarium.com on 127.0.0.1, serving the
//! fixture puzzles in pages built from real pages of the site's engine
//! (tests/fixtures/pages/real-2025/, see [`skeleton`]): the raw page with
//! its inline script and its `hashedSolution` (md5 of task and answer), a
//! board that the page's own JavaScript draws with the site's cell and
//! border classes, the "no such puzzle" page, and faults on demand.
//! Specials are served as the real special page shows them, in French as
//! the `fr.` mirror: no date in the title, no `#puzzleID` span (a test may
//! ask for an empty or `0` one, as older pages had), the date in the
//! script's `specialDate` and the print line, and the form's date list of
//! the specials still offered, which the form's POST asks for. A clock that
//! tests move on makes the daily change each day, the weekly on Mondays and
//! the monthly on the 1st, and decides which specials are still offered.
//! It counts requests per path and query, and every POST, so tests can
//! assert where retries happened and which dates were asked. Besides the
//! faults a test queues, a seeded mix of faults can spoil a share of all
//! page requests, as a year of a real site would (see [`FaultMix`]). Its
//! `/robots.txt` is a 404 unless a test gives it a text.

pub mod skeleton;

/// The size classes by the site's number, as the command line names them.
pub use skeleton::CLASS_KEYS as CLASSES;

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;
use jiff::ToSpan as _;
use jiff::civil::Date;

use crate::util::fixtures;

/// What the server does wrong on one request.
#[derive(Clone, Copy, Debug)]
pub enum Fault {
    /// Waits this long before answering.
    Slow(Duration),
    /// Answers only once the test calls [`Site::release`] (or the site is
    /// dropped): a page that hangs exactly as long as the test needs.
    Held,
    /// Answers this status with a short error body.
    Status(u16),
    /// Answers this status (429 or 503) with a `Retry-After` header.
    Busy(u16, RetryAfter),
    /// Closes the connection without a word.
    Drop,
    /// Promises the whole page, sends half, and closes.
    Truncate,
    /// Serves the page with its task's tank numbers shuffled (seeded), as
    /// the site does to clients it takes for scrapers.
    InvalidTask(u64),
    /// Serves another puzzle's task (a good, unique one of the same size)
    /// under this puzzle's hash: a garbling only the hash can tell.
    OtherTask,
    /// Redirects to a page of another host (`localhost` for `127.0.0.1`)
    /// shaped like the publisher's combined site: no `var task` on it.
    Redirect,
    /// Serves a special's page of another date than the one asked: the
    /// next older one the page offers (the newer one after the oldest).
    /// For a POST, other than the date it names; for `?size=N`, than today's.
    OtherDate,
}

/// The `Retry-After` header of a [`Fault::Busy`] answer.
#[derive(Clone, Copy, Debug)]
pub enum RetryAfter {
    /// `Retry-After: N`, in seconds.
    Seconds(u64),
    /// An HTTP date this many seconds from the answer.
    DateIn(u64),
    /// A value no client can read.
    Garbage,
}

impl RetryAfter {
    fn header(self) -> String {
        match self {
            RetryAfter::Seconds(n) => n.to_string(),
            RetryAfter::DateIn(n) => {
                let when = jiff::Timestamp::now() + jiff::SignedDuration::from_secs(n as i64);
                jiff::fmt::rfc2822::DateTimePrinter::new().timestamp_to_rfc9110_string(&when).unwrap()
            }
            RetryAfter::Garbage => "soon, perhaps".into(),
        }
    }
}

/// One puzzle the server knows.
#[derive(Clone, Debug)]
pub struct SitePuzzle {
    pub size: u8,
    /// The site's ID; a special's page shows none.
    pub id: u64,
    pub side: usize,
    pub task: String,
    /// The solution as the answer form writes it (`y` water, `n` air, row
    /// by row), from the fixture's own solution file.
    pub answer: String,
    /// A special's date, `YYYY-MM-DD`.
    pub date: Option<String>,
    /// The page's `hashedSolution` as the real site gave it, where the
    /// puzzle is a real one; else it is computed.
    pub hashed: Option<String>,
}

impl SitePuzzle {
    /// The page's `hashedSolution`: md5 of the task followed by the answer.
    pub fn hashed_solution(&self) -> String {
        use md5::Digest;
        if let Some(hashed) = &self.hashed {
            return hashed.clone();
        }
        let digest = md5::Md5::digest(format!("{}{}", self.task, self.answer).as_bytes());
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    pub fn is_special(&self) -> bool {
        self.size >= 9
    }

    /// The ID with the site's commas (written here, not by the library, so the
    /// test site stays independent of the code that reads it).
    pub fn id_text(&self) -> String {
        let digits = self.id.to_string();
        let mut out = String::new();
        for (i, ch) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(ch);
        }
        out
    }
}

#[derive(Default)]
struct State {
    puzzles: Vec<SitePuzzle>,
    /// Each special class's puzzles, one per day, week or month in turn.
    specials: HashMap<u8, Vec<SitePuzzle>>,
    /// Today, by the site's clock.
    today: Date,
    /// What a special's ID span holds, if the page has one: empty or `0`.
    special_id: Option<&'static str>,
    /// Every POST to `/`: its form's `size` (255 if missing or not a number)
    /// and `date` (as sent; empty if missing).
    posts: Vec<(u8, String)>,
    hits: HashMap<String, usize>,
    /// Every request: when it came and the User-Agent it sent.
    log: Vec<(std::time::Instant, String)>,
    faults: HashMap<String, VecDeque<Fault>>,
    /// Per size class, which of its puzzles `?size=N` serves next.
    next: HashMap<u8, usize>,
    /// The seeded faults spoiling a share of page requests, when set.
    mix: Option<FaultMix>,
    /// Page requests (`/?…`) seen, and the mix's faults served, by kind.
    page_requests: usize,
    served: HashMap<MixedFault, usize>,
    /// What `/robots.txt` serves; None: a 404, as a site without one.
    robots: Option<String>,
    /// Whether [`Fault::Held`] answers are let go.
    released: bool,
}

pub struct Site {
    port: u16,
    state: Arc<Mutex<State>>,
}

/// A held answer ends with its test.
impl Drop for Site {
    fn drop(&mut self) {
        self.release();
    }
}

/// The day the test site's clock starts on: the daily of this day is the
/// first of its pool, as are this week's weekly and this month's monthly.
pub const FIRST_DAY: &str = "2026-08-23";

impl Site {
    /// Starts a server on a free loopback port; it lives as long as the test.
    pub fn start() -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        let (puzzles, specials) = load_puzzles();
        let state = Arc::new(Mutex::new(State { puzzles, specials, today: day(FIRST_DAY), ..State::default() }));
        let shared = Arc::clone(&state);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let state = Arc::clone(&shared);
                std::thread::spawn(move || {
                    let _ = serve(stream, &state);
                });
            }
        });
        Site { port, state }
    }

    pub fn base_url(&self) -> String {
        format!("http://127.0.0.1:{}/", self.port)
    }

    /// The puzzles of the normal classes, and today's specials.
    pub fn puzzles(&self) -> Vec<SitePuzzle> {
        let state = self.state.lock().unwrap();
        let mut all = state.puzzles.clone();
        all.extend((9..=11).map(|size| state.special(size)));
        all
    }

    /// Today's special of a class (9, 10, 11).
    pub fn special(&self, size: u8) -> SitePuzzle {
        self.state.lock().unwrap().special(size)
    }

    /// The special of a class that came out on `date` (`YYYY-MM-DD`; for a
    /// weekly or monthly any day of its week or month names it), whether or
    /// not it is still offered.
    pub fn special_on(&self, size: u8, date: &str) -> SitePuzzle {
        self.state.lock().unwrap().special_on(size, skeleton::current(size, day(date)))
    }

    /// The dates of the specials of a class that today's pages offer, newest
    /// first, as the date list shows them: today's, and each earlier one
    /// after [`Site::last_valid_special`].
    pub fn offered(&self, size: u8) -> Vec<String> {
        self.state.lock().unwrap().offered(size).iter().map(Date::to_string).collect()
    }

    /// The pages' `lastValidSpecial`: 30 days before today.
    pub fn last_valid_special(&self) -> String {
        self.state.lock().unwrap().last_valid().to_string()
    }

    /// Every POST to `/` so far, in order: the form's `size` (255 if
    /// missing or no number) and `date` (empty if missing). A POST also
    /// counts in `hits("POST /")` and as a page request.
    pub fn posts(&self) -> Vec<(u8, String)> {
        self.state.lock().unwrap().posts.clone()
    }

    /// Moves the site's clock to a day (`YYYY-MM-DD`).
    pub fn set_today(&self, date: &str) {
        self.state.lock().unwrap().today = day(date);
    }

    /// Moves the site's clock on by some days.
    pub fn advance(&self, by: i64) {
        let mut state = self.state.lock().unwrap();
        state.today = state.today.checked_add(by.days()).unwrap();
    }

    /// Gives specials' pages from now on a `#puzzleID` span holding `text`
    /// (empty, or `0`, as older pages of the engine had); by default they
    /// have none, as the real special page.
    pub fn special_id_span(&self, text: &'static str) {
        self.state.lock().unwrap().special_id = Some(text);
    }

    pub fn puzzles_of(&self, size: u8) -> Vec<SitePuzzle> {
        self.puzzles().into_iter().filter(|p| p.size == size).collect()
    }

    /// Queues faults for the next requests of `path_and_query` (`/?size=0`;
    /// `POST /` for the form's POSTs).
    pub fn fault(&self, path_and_query: &str, faults: &[Fault]) {
        self.state.lock().unwrap().faults.entry(path_and_query.to_string()).or_default().extend(faults.iter().cloned());
    }

    /// When each request came, and its User-Agent.
    pub fn log(&self) -> Vec<(std::time::Instant, String)> {
        self.state.lock().unwrap().log.clone()
    }

    /// What `/robots.txt` serves from now on: this text, or (None) a 404.
    pub fn robots(&self, text: Option<&str>) {
        self.state.lock().unwrap().robots = text.map(str::to_string);
    }

    /// Lets every [`Fault::Held`] answer go, now and from now on.
    pub fn release(&self) {
        self.state.lock().unwrap().released = true;
    }

    /// What the site answers a GET of `path_and_query`: (status, body).
    /// It counts as any request.
    pub fn get(&self, path_and_query: &str) -> (u16, String) {
        self.exchange(&format!("GET {path_and_query} HTTP/1.0\r\n\r\n"))
    }

    /// What the site answers a POST to `/` of this urlencoded form:
    /// (status, body). It counts as any POST.
    pub fn post(&self, form: &str) -> (u16, String) {
        self.exchange(&format!(
            "POST / HTTP/1.0\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: {}\r\n\r\n{form}",
            form.len()
        ))
    }

    fn exchange(&self, request: &str) -> (u16, String) {
        use std::io::Read as _;
        let mut stream = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut response = String::new();
        stream.read_to_string(&mut response).unwrap();
        let status = response.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let body = response.split_once("\r\n\r\n").map_or("", |(_, body)| body);
        (status, body.to_string())
    }

    /// Requests seen for `path_and_query` (`POST /`: the POSTs).
    pub fn hits(&self, path_and_query: &str) -> usize {
        self.state.lock().unwrap().hits.get(path_and_query).copied().unwrap_or(0)
    }

    /// Spoils a share of the page requests (`/?…` and POSTs; not the
    /// script, not robots.txt) from now on with the mix's faults. Faults queued with
    /// [`Site::fault`] still come first.
    pub fn fault_mix(&self, mix: FaultMix) {
        self.state.lock().unwrap().mix = Some(mix);
    }

    /// Page requests (`/?…`, and POSTs to `/`) seen so far, whatever was
    /// answered.
    pub fn page_requests(&self) -> usize {
        self.state.lock().unwrap().page_requests
    }

    /// The mix's faults served so far, of every kind, in [`MixedFault::ALL`]
    /// order.
    pub fn mix_served(&self) -> Vec<(MixedFault, usize)> {
        let state = self.state.lock().unwrap();
        MixedFault::ALL.iter().map(|&kind| (kind, state.served.get(&kind).copied().unwrap_or(0))).collect()
    }

    /// Replaces a special class's pool (9, 10, 11) with these puzzles, each
    /// `(task, answer)`, served in turn from the clock's first day on.
    pub fn special_pool(&self, size: u8, pool: &[(String, String)]) {
        assert!((9..=11).contains(&size), "{size} is no special class");
        assert!(pool.len() > 1, "a pool of one cannot garble");
        let puzzles = pool
            .iter()
            .map(|(task, answer)| {
                let side = (answer.len() as f64).sqrt() as usize;
                assert_eq!(side * side, answer.len(), "an answer of a square grid: {answer}");
                SitePuzzle { size, id: 0, side, task: task.clone(), answer: answer.clone(), date: None, hashed: None }
            })
            .collect();
        self.state.lock().unwrap().specials.insert(size, puzzles);
    }
}

/// The kinds of fault a [`FaultMix`] serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MixedFault {
    /// 503 with `Retry-After: 1`.
    UnavailableRetryAfter,
    /// 503 with no `Retry-After`.
    Unavailable,
    /// 429 with `Retry-After: 1`.
    TooManySeconds,
    /// 429 with `Retry-After` an HTTP date a second ahead.
    TooManyDate,
    /// The connection closed without a word.
    Dropped,
    /// Another good puzzle's task under this one's hash.
    OtherTask,
    /// The task's tank numbers shuffled.
    InvalidTask,
}

impl MixedFault {
    pub const ALL: [MixedFault; 7] = [
        MixedFault::UnavailableRetryAfter,
        MixedFault::Unavailable,
        MixedFault::TooManySeconds,
        MixedFault::TooManyDate,
        MixedFault::Dropped,
        MixedFault::OtherTask,
        MixedFault::InvalidTask,
    ];

    /// What the fault is, in words for a table.
    pub fn name(self) -> &'static str {
        match self {
            MixedFault::UnavailableRetryAfter => "503 with Retry-After: 1",
            MixedFault::Unavailable => "503 without Retry-After",
            MixedFault::TooManySeconds => "429 with Retry-After: 1",
            MixedFault::TooManyDate => "429 with Retry-After an HTTP date 1 s ahead",
            MixedFault::Dropped => "connection dropped",
            MixedFault::OtherTask => "another good puzzle's task under this one's hash",
            MixedFault::InvalidTask => "tank numbers shuffled",
        }
    }
}

/// A seeded share of faults over all page requests: each request draws
/// from the seed's sequence, so one seed and one sequence of requests give
/// the same faults every time. Rates are per mille of page requests.
#[derive(Clone, Debug)]
pub struct FaultMix {
    /// 503s, half with `Retry-After: 1`, half without.
    pub unavailable: u32,
    /// 429s with `Retry-After`: three in four `1`, one in four an HTTP date
    /// a second ahead.
    pub too_many: u32,
    /// Dropped connections.
    pub dropped: u32,
    /// Garbled tasks: two in three another good puzzle's task, one in
    /// three tank numbers shuffled.
    pub garbled: u32,
    state: u64,
}

impl FaultMix {
    /// A year's mix: 5% 503, 3% 429, 3% dropped, 3% garbled.
    pub fn year(seed: u64) -> FaultMix {
        FaultMix::new(seed, 50, 30, 30, 30)
    }

    pub fn new(seed: u64, unavailable: u32, too_many: u32, dropped: u32, garbled: u32) -> FaultMix {
        assert!(unavailable + too_many + dropped + garbled <= 1000, "rates are per mille of requests");
        FaultMix { unavailable, too_many, dropped, garbled, state: seed }
    }

    /// The next number of the seed's sequence (splitmix64).
    fn next(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// This request's fault, if it draws one.
    fn draw(&mut self) -> Option<(MixedFault, Fault)> {
        let roll = (self.next() % 1000) as u32;
        let pick = self.next();
        let mut limit = self.unavailable;
        if roll < limit {
            return Some(if pick.is_multiple_of(2) {
                (MixedFault::UnavailableRetryAfter, Fault::Busy(503, RetryAfter::Seconds(1)))
            } else {
                (MixedFault::Unavailable, Fault::Status(503))
            });
        }
        limit += self.too_many;
        if roll < limit {
            return Some(if pick.is_multiple_of(4) {
                (MixedFault::TooManyDate, Fault::Busy(429, RetryAfter::DateIn(1)))
            } else {
                (MixedFault::TooManySeconds, Fault::Busy(429, RetryAfter::Seconds(1)))
            });
        }
        limit += self.dropped;
        if roll < limit {
            return Some((MixedFault::Dropped, Fault::Drop));
        }
        limit += self.garbled;
        if roll < limit {
            return Some(if pick.is_multiple_of(3) {
                (MixedFault::InvalidTask, Fault::InvalidTask(pick >> 8))
            } else {
                (MixedFault::OtherTask, Fault::OtherTask)
            });
        }
        None
    }
}

/// The answer string (`y`/`n` row by row) of a fixture's solution file.
fn answer_of(name: &str) -> String {
    let path = fixtures().join(format!("aquarium/puzzles/{name}.solution.txt"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.chars()
        .filter_map(|c| match c {
            '1' => Some('y'),
            '0' => Some('n'),
            _ => None,
        })
        .collect()
}

/// The fixture puzzles of the normal classes, and the pools of specials.
fn load_puzzles() -> (Vec<SitePuzzle>, HashMap<u8, Vec<SitePuzzle>>) {
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("aquarium/index.json")).unwrap()).unwrap();
    let mut puzzles: Vec<SitePuzzle> = index
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| {
            let size = p["size_param"].as_u64()? as u8;
            let id = p["id"].as_str()?.replace(',', "").parse().ok()?;
            Some(SitePuzzle {
                size,
                id,
                side: p["n"].as_u64()? as usize,
                task: p["task"].as_str()?.to_string(),
                answer: answer_of(p["name"].as_str()?),
                date: None,
                hashed: None,
            })
        })
        .collect();
    // Generated puzzles (tests/fixtures/site/README.md): the specials' pools
    // (no real special is public), and a 10x10 with 21 tanks.
    let mut specials: HashMap<u8, Vec<SitePuzzle>> = HashMap::new();
    let text = std::fs::read_to_string(fixtures().join("site/specials.txt")).unwrap();
    for (k, line) in text.lines().enumerate() {
        let [size, task, answer] = line.split(' ').collect::<Vec<_>>()[..] else {
            panic!("specials.txt line {}", k + 1)
        };
        let size: u8 = size.parse().unwrap();
        let side = (answer.len() as f64).sqrt() as usize;
        let puzzle =
            SitePuzzle { size, id: 0, side, task: task.into(), answer: answer.into(), date: None, hashed: None };
        if size >= 9 {
            specials.entry(size).or_default().push(puzzle);
        } else {
            puzzles.push(SitePuzzle { id: 9_000_000 + k as u64, ..puzzle });
        }
    }
    // Each special's mirror image (left for right) is a puzzle of its own
    // with one solution too, the first's mirrored: twice the specials, so
    // that nearby dates of a class have different puzzles and a page
    // stored under another date than its own cannot pass for it.
    for pool in specials.values_mut() {
        let mirrors: Vec<SitePuzzle> = pool.iter().map(mirrored).collect();
        pool.extend(mirrors);
    }
    puzzles.extend(real_puzzles());
    (puzzles, specials)
}

/// A puzzle mirrored left for right: column clues reversed, each row of
/// tanks and of the answer reversed, tanks numbered again from 1 in order
/// of first appearance, as the site's tasks number them.
fn mirrored(puzzle: &SitePuzzle) -> SitePuzzle {
    let n = puzzle.side;
    let (clues, tanks) = puzzle.task.split_once(';').unwrap();
    let clues: Vec<&str> = clues.split('_').collect();
    let tanks: Vec<&str> = tanks.split(',').collect();
    let columns = clues[..n].iter().rev();
    let clues: Vec<&str> = columns.chain(&clues[n..]).copied().collect();
    let flip = |cells: &[char]| -> String { cells.chunks(n).flat_map(|row| row.iter().rev()).collect() };
    let flipped: Vec<&str> = tanks.chunks(n).flat_map(|row| row.iter().rev().copied()).collect();
    let mut numbers: HashMap<&str, usize> = HashMap::new();
    let tanks: Vec<String> = flipped
        .iter()
        .map(|t| {
            let next = numbers.len() + 1;
            numbers.entry(t).or_insert(next).to_string()
        })
        .collect();
    let answer: Vec<char> = puzzle.answer.chars().collect();
    SitePuzzle { task: format!("{};{}", clues.join("_"), tanks.join(",")), answer: flip(&answer), ..puzzle.clone() }
}

/// The three real Aquarium puzzles of 2025 (tests/fixtures/pages/real-2025/
/// aquarium-saved-games-2025.txt), served with their real IDs, tasks and
/// `hashedSolution` as the site gave them: the hash is not computed here.
/// Each block of the file: a `#` line naming the save key `…save.aquarium.N`
/// (the size class) and the `puzzleID`, then `task`, `hashedSolution` and
/// `ansH` lines.
pub fn real_puzzles() -> Vec<SitePuzzle> {
    let path = fixtures().join("pages/real-2025/aquarium-saved-games-2025.txt");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut puzzles = Vec::new();
    let mut header: Option<(u8, u64)> = None;
    let mut fields: HashMap<&str, &str> = HashMap::new();
    for line in text.lines() {
        if let Some(key) = line.split("save.aquarium.").nth(1).filter(|_| line.contains("puzzleID ")) {
            let size = key.split_whitespace().next().unwrap().parse().unwrap();
            let id = line.split("puzzleID").nth(1).unwrap().split_whitespace().next().unwrap().replace(',', "");
            header = Some((size, id.parse().unwrap()));
        } else if let Some((name, value)) = line.split_once('=').filter(|_| !line.starts_with('#')) {
            fields.insert(name.trim(), value.trim());
        }
        if let (Some((size, id)), Some(task), Some(hashed), Some(answer)) =
            (header, fields.get("task"), fields.get("hashedSolution"), fields.get("ansH"))
        {
            let side = (answer.len() as f64).sqrt() as usize;
            assert_eq!(side * side, answer.len(), "a square answer for #{id}");
            puzzles.push(SitePuzzle {
                size,
                id,
                side,
                task: task.to_string(),
                answer: answer.to_string(),
                date: None,
                hashed: Some(hashed.to_string()),
            });
            header = None;
            fields.clear();
        }
    }
    assert_eq!(puzzles.len(), 3, "{}", path.display());
    puzzles
}

impl State {
    /// Today's special of a class.
    fn special(&self, size: u8) -> SitePuzzle {
        self.special_on(size, skeleton::current(size, self.today))
    }

    /// The special of a class that came out on `date` (a Monday for a
    /// weekly, a 1st for a monthly): the pool's next puzzle each day, week
    /// or month from the clock's first day, dated so. A function of the
    /// date alone, as the site's specials are.
    fn special_on(&self, size: u8, date: Date) -> SitePuzzle {
        let first = day(FIRST_DAY);
        let days_from = |from: Date, to: Date| i64::from(to.since(from).unwrap().get_days());
        let turn = match size {
            9 => days_from(first, date),
            10 => days_from(skeleton::current(10, first), date).div_euclid(7),
            _ => {
                let months = |d: Date| i64::from(d.year()) * 12 + i64::from(d.month());
                months(date) - months(first)
            }
        };
        let pool = &self.specials[&size];
        let puzzle = &pool[turn.rem_euclid(pool.len() as i64) as usize];
        SitePuzzle { date: Some(date.to_string()), ..puzzle.clone() }
    }

    /// `lastValidSpecial`: 30 days before today, as on the real daily page
    /// (2025-12-08 gives 2025-11-08).
    fn last_valid(&self) -> Date {
        self.today.checked_sub(30.days()).unwrap()
    }

    /// The specials of a class still offered, newest first: today's, and
    /// every earlier one of its class (each day, each Monday, each 1st)
    /// after `lastValidSpecial`.
    fn offered(&self, size: u8) -> Vec<Date> {
        let last_valid = self.last_valid();
        let mut dates = vec![skeleton::current(size, self.today)];
        loop {
            let newest = *dates.last().unwrap();
            let before = match size {
                9 => newest.yesterday().unwrap(),
                10 => newest.checked_sub(7.days()).unwrap(),
                _ => newest.checked_sub(1.month()).unwrap(),
            };
            if before <= last_valid {
                return dates;
            }
            dates.push(before);
        }
    }
}

/// A `YYYY-MM-DD` date.
fn day(date: &str) -> Date {
    date.parse().unwrap_or_else(|e| panic!("{date}: {e}"))
}

fn serve(stream: TcpStream, state: &Mutex<State>) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Read the headers off the wire; the User-Agent is noted, and a POST's
    // body read as long as it says.
    let mut line = String::new();
    let mut agent = String::new();
    let mut length = 0;
    while reader.read_line(&mut line)? > 2 {
        if let Some((name, value)) = line.split_once(':') {
            if name.eq_ignore_ascii_case("user-agent") {
                agent = value.trim().to_string();
            } else if name.eq_ignore_ascii_case("content-length") {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        line.clear();
    }
    let mut words = request_line.split_whitespace();
    let method = words.next().unwrap_or("GET").to_string();
    let target = words.next().unwrap_or("/").to_string();
    let request = if method == "POST" {
        let mut body = vec![0; length];
        std::io::Read::read_exact(&mut reader, &mut body)?;
        Request::Post { path: target.clone(), form: String::from_utf8_lossy(&body).into_owned() }
    } else {
        Request::Get(target.clone())
    };
    // A POST is known by its method and path: its form is in the body.
    let key = if method == "POST" { format!("POST {target}") } else { target.clone() };
    let is_page = target.starts_with("/?") || (method == "POST" && target == "/");
    let fault = {
        let mut state = state.lock().unwrap();
        *state.hits.entry(key.clone()).or_default() += 1;
        state.log.push((std::time::Instant::now(), agent));
        if let Request::Post { form, .. } = &request {
            let fields = form_fields(form);
            let size = fields.get("size").and_then(|s| s.parse().ok()).unwrap_or(u8::MAX);
            state.posts.push((size, fields.get("date").cloned().unwrap_or_default()));
        }
        let queued = state.faults.get_mut(&key).and_then(VecDeque::pop_front);
        if is_page {
            state.page_requests += 1;
        }
        match queued {
            Some(fault) => Some(fault),
            None if is_page => {
                let drawn = state.mix.as_mut().and_then(FaultMix::draw);
                drawn.map(|(kind, fault)| {
                    *state.served.entry(kind).or_default() += 1;
                    fault
                })
            }
            None => None,
        }
    };
    let mut stream = stream;
    let mut location = None;
    let mut retry_after = None;
    let (status, mut body, content_type) = match fault {
        Some(Fault::Drop) => return Ok(()),
        Some(Fault::Status(code)) => (code, format!("<h1>Error {code}</h1>"), "text/html"),
        Some(Fault::Busy(code, after)) => {
            retry_after = Some(after.header());
            (code, format!("<h1>Error {code}</h1>"), "text/html")
        }
        Some(Fault::Slow(wait)) => {
            std::thread::sleep(wait);
            route(&request, state, Garble::None)
        }
        Some(Fault::Held) => {
            while !state.lock().unwrap().released {
                std::thread::sleep(Duration::from_millis(20));
            }
            route(&request, state, Garble::None)
        }
        Some(Fault::InvalidTask(seed)) => route(&request, state, Garble::Shuffle(seed)),
        Some(Fault::OtherTask) => route(&request, state, Garble::Other),
        Some(Fault::OtherDate) => route(&request, state, Garble::OtherDate),
        Some(Fault::Redirect) => {
            let port = stream.local_addr()?.port();
            location = Some(format!("http://localhost:{port}/aquarium/daily"));
            (302, String::new(), "text/html")
        }
        Some(Fault::Truncate) => {
            let (_, body, _) = route(&request, state, Garble::None);
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            stream.write_all(head.as_bytes())?;
            stream.write_all(&body.as_bytes()[..body.len() / 2])?;
            return stream.flush();
        }
        None => route(&request, state, Garble::None),
    };
    if body.is_empty() {
        body.push('\n');
    }
    let reason = match status {
        200 => "OK",
        302 => "Found",
        404 => "Not Found",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Status",
    };
    let location = location.map(|l| format!("Location: {l}\r\n")).unwrap_or_default()
        + &retry_after.map(|r| format!("Retry-After: {r}\r\n")).unwrap_or_default();
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\n{location}Content-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    stream.flush()
}

/// What was asked: a GET's path and query, or a POST's path and form.
enum Request {
    Get(String),
    Post { path: String, form: String },
}

/// How a page is spoilt, if it is: its task, or its date.
#[derive(Clone, Copy)]
enum Garble {
    None,
    Shuffle(u64),
    Other,
    OtherDate,
}

/// An urlencoded form's fields (`+` a space, `%XX` a byte); the last of a
/// name repeated wins.
fn form_fields(form: &str) -> HashMap<String, String> {
    let decode = |text: &str| {
        let bytes = text.as_bytes();
        let mut out = Vec::new();
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'+' => out.push(b' '),
                b'%' => match text.get(i + 1..i + 3).and_then(|hex| u8::from_str_radix(hex, 16).ok()) {
                    Some(byte) => {
                        out.push(byte);
                        i += 2;
                    }
                    None => out.push(b'%'),
                },
                b => out.push(b),
            }
            i += 1;
        }
        String::from_utf8_lossy(&out).into_owned()
    };
    form.split('&')
        .filter(|kv| !kv.is_empty())
        .map(|kv| {
            let (k, v) = kv.split_once('=').unwrap_or((kv, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// The answer to a request: (status, body, content type).
fn route(request: &Request, state: &Mutex<State>, garble: Garble) -> (u16, String, &'static str) {
    let target = match request {
        Request::Get(target) => target.as_str(),
        Request::Post { path, form } => {
            return if path == "/" {
                post(form, state, garble)
            } else {
                (404, "<h1>Not found</h1>".into(), "text/html")
            };
        }
    };
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if path == "/js/aquarium.js" {
        return (200, BOARD_SCRIPT.to_string(), "application/javascript");
    }
    if path == "/aquarium/daily" {
        return (200, COMBINED_SITE_PAGE.into(), "text/html");
    }
    if path == "/robots.txt" {
        return match &state.lock().unwrap().robots {
            Some(text) => (200, text.clone(), "text/plain"),
            None => (404, "<h1>Not found</h1>".into(), "text/html"),
        };
    }
    if path != "/" {
        return (404, "<h1>Not found</h1>".into(), "text/html");
    }
    let params: HashMap<&str, &str> = query.split('&').filter_map(|kv| kv.split_once('=')).collect();
    let mut state = state.lock().unwrap();
    let found = if let Some(e) = params.get("e") {
        let e = e.replace("%3D", "=").replace("%2B", "+").replace("%2F", "/");
        let decoded = base64::engine::general_purpose::STANDARD.decode(e).ok().and_then(|b| String::from_utf8(b).ok());
        decoded.and_then(|text| {
            let (size, id) = text.split_once(':')?;
            let (size, id): (u8, u64) = (size.parse().ok()?, id.replace(',', "").parse().ok()?);
            state.puzzles.iter().find(|p| p.size == size && p.id == id).cloned()
        })
    } else if let (Some(id), Some(size)) = (params.get("specid"), params.get("size")) {
        state.puzzles.iter().find(|p| p.size.to_string() == *size && p.id.to_string() == *id).cloned()
    } else if let Some(size) = params.get("size").and_then(|s| s.parse::<u8>().ok()) {
        next_of_class(&mut state, size)
    } else {
        None
    };
    answer(&state, found, garble)
}

/// The answer to the form's POST to `/` (`size=N&date=YYYY-MM-DD&specific=…`,
/// any order, other fields ignored): the special of that class and date
/// where its pages offer it, else today's special of the class, as a page
/// whose `specialDate` tells. A normal class's POST gets a new puzzle of
/// it, as `?size=N` does; a form without a size, a new 6x6 easy one.
fn post(form: &str, state: &Mutex<State>, garble: Garble) -> (u16, String, &'static str) {
    let fields = form_fields(form);
    let size = fields.get("size").and_then(|s| s.trim().parse::<u8>().ok()).unwrap_or(0);
    let mut state = state.lock().unwrap();
    let found = if (9..=11).contains(&size) {
        let offered = state.offered(size);
        let asked = fields.get("date").and_then(|d| d.trim().parse::<Date>().ok()).filter(|d| offered.contains(d));
        Some(state.special_on(size, asked.unwrap_or(offered[0])))
    } else {
        next_of_class(&mut state, size)
    };
    answer(&state, found, garble)
}

/// `?size=N`: today's special, or the next puzzle of a normal class in turn.
fn next_of_class(state: &mut State, size: u8) -> Option<SitePuzzle> {
    if (9..=11).contains(&size) {
        return Some(state.special(size));
    }
    let of_size: Vec<SitePuzzle> = state.puzzles.iter().filter(|p| p.size == size).cloned().collect();
    if of_size.is_empty() {
        return None;
    }
    let next = state.next.entry(size).or_default();
    let puzzle = of_size[*next % of_size.len()].clone();
    *next += 1;
    Some(puzzle)
}

/// The page of a puzzle found, spoilt as asked; the site answers an unknown
/// puzzle with a page, not a 404.
fn answer(state: &State, found: Option<SitePuzzle>, garble: Garble) -> (u16, String, &'static str) {
    let Some(mut puzzle) = found else {
        return (200, NOT_FOUND_PAGE.into(), "text/html");
    };
    if let (Garble::OtherDate, Some(date)) = (garble, &puzzle.date) {
        let offered = state.offered(puzzle.size);
        let at = offered.iter().position(|d| d.to_string() == *date).unwrap_or(0);
        let other = offered.get(at + 1).or(at.checked_sub(1).and_then(|k| offered.get(k)));
        let other = *other.expect("a class that offers one special cannot serve another date");
        puzzle = state.special_on(puzzle.size, other);
    }
    // The hash is the real puzzle's, whatever the task says.
    let hashed = puzzle.hashed_solution();
    match garble {
        Garble::None | Garble::OtherDate => {}
        Garble::Shuffle(seed) => puzzle.task = garble_task(&puzzle.task, seed),
        Garble::Other => puzzle.task = other_task(state, &puzzle),
    }
    (200, page(state, &puzzle, &hashed), "text/html")
}

/// Another good puzzle's task of the same size: a special's next in its
/// pool, else the next of its class.
fn other_task(state: &State, puzzle: &SitePuzzle) -> String {
    let pool = if puzzle.is_special() { &state.specials[&puzzle.size] } else { &state.puzzles };
    let same: Vec<&SitePuzzle> = pool.iter().filter(|p| p.side == puzzle.side).collect();
    let at = same.iter().position(|p| p.task == puzzle.task).unwrap_or(0);
    let other = same[(at + 1) % same.len()];
    assert_ne!(other.task, puzzle.task, "a pool of one cannot garble");
    other.task.clone()
}

/// Swaps tank numbers between random cells: clues stay, tanks break.
fn garble_task(task: &str, seed: u64) -> String {
    let (clues, tanks) = task.split_once(';').unwrap();
    let mut tanks: Vec<&str> = tanks.split(',').collect();
    let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407) | 1;
    for _ in 0..tanks.len() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let (i, j) = ((x % tanks.len() as u64) as usize, ((x >> 32) % tanks.len() as u64) as usize);
        tanks.swap(i, j);
    }
    format!("{clues};{}", tanks.join(","))
}

/// A page of the publisher's combined site: the puzzle sits in a script
/// object, not in a `var task` (docs/site.md, "A newer combined site").
const COMBINED_SITE_PAGE: &str = "<!doctype html><html><head><title>Aquarium Daily - Puzzles Mobile</title></head><body>\n\
    <div id=\"game\"></div><script>Settings.bag['aquarium.save.daily'] = {task: '1/1/1/1;1,1,1,1'};</script>\n</body></html>\n";

const NOT_FOUND_PAGE: &str = "<!doctype html><html><head><title>Aquarium</title></head><body>\n\
    <div id=\"puzzleContainer\"><div class=\"err\">Unable to load puzzle. No puzzle with such ID.</div></div>\n</body></html>\n";

/// A puzzle's page, built from the real page of its kind (see [`skeleton`]).
fn page(state: &State, p: &SitePuzzle, hashed: &str) -> String {
    let special = p.date.as_ref().map(|date| skeleton::SpecialFacts {
        date: day(date),
        offered: state.offered(p.size),
        last_valid: state.last_valid(),
        id_span: state.special_id,
    });
    skeleton::page(&skeleton::PageFacts {
        size: p.size,
        side: p.side,
        task: &p.task,
        hashed,
        id_text: p.id_text(),
        special,
        today: state.today,
    })
}

/// The board plugin: draws the clue cells and the cells with the wall
/// classes the real site uses, after a short delay as a real page's
/// scripts take (so a browser has to wait for the board).
const BOARD_SCRIPT: &str = r#"
function $(target) {
  return {
    ready: function (fn) { document.addEventListener('DOMContentLoaded', fn); },
    text: function () { var el = document.querySelector(target); return el ? el.textContent : ''; },
    aquarium: function (opts) {
      return { initGame: function () { setTimeout(function () { drawBoard(target, opts); }, 150); return this; } };
    }
  };
}
function drawBoard(target, opts) {
  var parts = opts.task.split(';');
  var clues = parts[0].split('_');
  var tanks = parts[1].split(',');
  var w = opts.puzzleWidth, h = opts.puzzleHeight;
  var game = document.querySelector(target);
  var back = document.createElement('div');
  back.className = 'board-back';
  var top = document.createElement('div');
  top.className = 'row';
  for (var c = 0; c < w; c++) {
    var v = document.createElement('div');
    v.className = 'cell task v';
    v.textContent = clues[c];
    top.appendChild(v);
  }
  back.appendChild(top);
  for (var r = 0; r < h; r++) {
    var row = document.createElement('div');
    row.className = 'row';
    var hc = document.createElement('div');
    hc.className = 'cell task h';
    hc.textContent = clues[w + r];
    row.appendChild(hc);
    for (var c2 = 0; c2 < w; c2++) {
      var t = tanks[r * w + c2];
      var cls = 'cell selectable cell-off';
      if (r === 0 || tanks[(r - 1) * w + c2] !== t) cls += ' bt';
      if (r === h - 1 || tanks[(r + 1) * w + c2] !== t) cls += ' bb';
      if (c2 === 0 || tanks[r * w + c2 - 1] !== t) cls += ' bl';
      if (c2 === w - 1 || tanks[r * w + c2 + 1] !== t) cls += ' br';
      var cell = document.createElement('div');
      cell.className = cls;
      row.appendChild(cell);
    }
    back.appendChild(row);
  }
  game.appendChild(back);
}
"#;

/// The stand-in itself: its pages keep the real skeleton, and its date
/// list, clock and POST behave as the real site's pages say.
mod tests {
    use regex::Regex;

    use super::{Fault, Site};

    /// A value of the page's inline script options (`specialDate: '…'`).
    fn option<'a>(page: &'a str, name: &str) -> Option<&'a str> {
        let start = page.find(&format!("{name}: '"))? + name.len() + 3;
        Some(&page[start..start + page[start..].find('\'')?])
    }

    /// The values of the date list's options, in order.
    fn listed(page: &str) -> Vec<String> {
        let select = &page[page.find("<select name=\"date\">").unwrap()..];
        let select = &select[..select.find("</select>").unwrap()];
        Regex::new(r#"<option [^>]*value="([^"]*)""#).unwrap().captures_iter(select).map(|c| c[1].to_string()).collect()
    }

    #[test]
    fn every_page_is_the_real_skeleton_in_french_and_names_no_other_host() {
        let site = Site::start();
        let attribute = Regex::new(r#"\b(?:src|href|action)\s*=\s*["']([^"']*)["']"#).unwrap();
        for size in [0u8, 5, 8, 9, 10, 11] {
            let (status, page) = site.get(&format!("/?size={size}"));
            assert_eq!(status, 200);
            assert!(page.starts_with("<!doctype html><html lang=\"fr\" >"), "{}", &page[..100]);
            // Nothing a browser would load or follow leaves the stand-in.
            assert!(!page.contains("://") && !page.contains("\"//") && !page.contains("'//"), "{page}");
            for c in attribute.captures_iter(&page) {
                let to = &c[1];
                assert!(
                    to.is_empty() || to.starts_with('/') || to.starts_with('#') || to.starts_with("javascript:"),
                    "{to}"
                );
            }
            assert!(page.contains("<script type=\"text/javascript\" src=\"/js/aquarium.js\"></script>"));
            assert_eq!(page.matches("<script").count(), 2, "the board script and the puzzle's own");
            // The real structure: the answer form and its inputs, the info.
            assert!(page.contains("<form method=\"post\" action=\"/\" name=\"answerForm\" id=\"puzzleForm\""));
            for input in ["jstimer", "fromSolved", "robot", "b", "size", "param", "w", "h", "ansH"] {
                assert!(page.contains(&format!("name=\"{input}\"")), "{input}");
            }
            assert!(page.contains(&format!("<input type=\"hidden\" name=\"size\" value=\"{size}\" />")));
            assert!(page.contains("<div class=\"puzzleInfo\">") && page.contains(" id=\"game\">"));
            assert!(page.contains("var loadedId = 0;") && page.contains("$('#game').aquarium({ ident: "));
            assert!(
                page.contains(&format!("Game.plSize = {size};")) && page.contains(&format!("ident: 'aquarium.{size}'"))
            );
            let href = if size == 0 { "/".to_string() } else { format!("/?size={size}") };
            assert!(
                page.contains("<ul id=\"menuSizes\">") && page.contains(&format!("<a class=\"on\" href=\"{href}\">"))
            );
            assert_eq!(page.matches("<a class=\"on\"").count(), 1);
            assert!(!page.contains("Light Up") && !page.contains("light-up"), "{page}");
        }
        // A normal puzzle: its ID with commas, no date.
        let normal = site.puzzles_of(5)[0].clone();
        let (_, page) = site.get(&format!("/?specific=1&specid={}&size=5", normal.id));
        assert!(page.contains("<title>Aquarium - jeux de case tête online</title>"));
        assert!(page.contains(&format!(
            "10x10 Difficile Aquarium                        ID du casse-tête: <span id=\"puzzleID\">{}</span>",
            normal.id_text()
        )));
        assert!(normal.id_text().contains(','));
        assert!(page.contains(&format!("var task = '{}';", normal.task)));
        assert!(page.contains("puzzleWidth: 10, puzzleHeight: 10 ,localTimer"));
        assert_eq!(option(&page, "hashedSolution"), Some(normal.hashed_solution().as_str()));
        assert!(!page.contains("specialDate") && !page.contains("name=\"date\""));
        assert!(page.contains("id=\"btnNew\"") && page.contains("id=\"btnReady\""), "an unsolved puzzle's buttons");
        assert!(!page.contains("Félicitations") && !page.contains("hallsubmit") && !page.contains("clock solved"));
        // The specials, as the real daily page: no ID span, the date in the
        // options and the print line, the list of those still offered.
        for (size, title, offered) in [
            (9, "Spécial du jour Aquarium", 30),
            (10, "Spécial de la semaine Aquarium", 4),
            (11, "Spécial du mois Aquarium", 1),
        ] {
            let special = site.special(size);
            let date = special.date.clone().unwrap();
            let (_, page) = site.get(&format!("/?size={size}"));
            assert!(page.contains(&format!("<title>{title}</title>")), "{size}");
            assert!(page.contains(&format!("<p>{title} -  ")), "{size}");
            assert!(!page.contains("puzzleID\""), "a special's page has no ID span");
            assert!(page.contains(&format!(" ,special: 1 ,specialDate: '{date}' ,lastValidSpecial: '2026-07-24' ,")));
            assert_eq!(option(&page, "hashedSolution"), Some(special.hashed_solution().as_str()));
            assert!(page.contains(&format!("var task = '{}';", special.task)));
            assert_eq!(listed(&page), site.offered(size));
            assert_eq!(listed(&page).len(), offered, "{size}");
            assert_eq!(listed(&page)[0], date);
            let print = super::skeleton::print_date(date.parse().unwrap());
            assert!(page.contains(&format!("value=\"{date}\" selected=\"selected\">{print}</option>")), "{size}");
            assert_eq!(page.matches("selected=\"selected\"").count(), 1);
            assert!(page.contains("<input type=\"submit\" name=\"specific\" value=\"Choisir\" class=\"button\" />"));
            assert!(Regex::new(&format!(r#"<span class="onlyprint">\s*{print}\s*</span>"#)).unwrap().is_match(&page));
        }
        assert_eq!(super::skeleton::print_date("2025-12-08".parse().unwrap()), "Dec 08, 2025");
        // Older pages' ID span, on demand.
        site.special_id_span("0");
        assert!(site.get("/?size=9").1.contains("ID du casse-tête: <span id=\"puzzleID\">0</span>"));
    }

    #[test]
    fn the_forms_post_serves_the_special_of_the_date_asked_while_offered() {
        let site = Site::start();
        site.set_today("2026-09-10");
        let date_of = |page: &str| option(page, "specialDate").unwrap().to_string();
        let (status, page) = site.post("size=9&date=2026-09-01&specific=Choisir");
        assert_eq!((status, date_of(&page)), (200, "2026-09-01".to_string()));
        assert!(page.contains(&format!("var task = '{}';", site.special_on(9, "2026-09-01").task)));
        assert!(page.contains("value=\"2026-09-01\" selected=\"selected\">Sep 01, 2026</option>"));
        assert_eq!(listed(&page), site.offered(9), "the list is today's");
        assert_eq!(option(&page, "lastValidSpecial"), Some("2026-08-11"));
        // Any order, other fields ignored, urlencoded.
        let (_, page) = site.post("jstimer=0&robot=&date=2026%2D09%2D02&size=9&specific=1&ansH=");
        assert_eq!(date_of(&page), "2026-09-02");
        // A date no longer offered: today's special.
        let (_, page) = site.post("size=9&date=2026-08-11&specific=1");
        assert_eq!(date_of(&page), "2026-09-10");
        // A weekly by its Monday.
        let (_, page) = site.post("size=10&date=2026-08-31&specific=1");
        assert_eq!(date_of(&page), "2026-08-31");
        assert!(page.contains(&format!("var task = '{}';", site.special_on(10, "2026-09-03").task)));
        // Counted: each POST once, as a page request.
        let asked = |list: &[(u8, &str)]| list.iter().map(|(s, d)| (*s, d.to_string())).collect::<Vec<_>>();
        assert_eq!(site.posts(), asked(&[(9, "2026-09-01"), (9, "2026-09-02"), (9, "2026-08-11"), (10, "2026-08-31")]));
        assert_eq!((site.hits("POST /"), site.page_requests()), (4, 4));
        // Faults of `POST /`: another offered date, or an error status.
        site.fault("POST /", &[Fault::OtherDate, Fault::OtherDate, Fault::Status(503)]);
        assert_eq!(date_of(&site.post("size=9&date=2026-09-05&specific=1").1), "2026-09-04");
        assert_eq!(
            date_of(&site.post("size=9&date=2026-08-12&specific=1").1),
            "2026-08-13",
            "after the oldest, the newer"
        );
        assert_eq!(site.post("size=9&date=2026-09-05&specific=1").0, 503);
        assert_eq!(date_of(&site.post("size=9&date=2026-09-05&specific=1").1), "2026-09-05");
        // A GET of today's special with the fault: yesterday's page.
        site.fault("/?size=9", &[Fault::OtherDate]);
        assert_eq!(date_of(&site.get("/?size=9").1), "2026-09-09");
    }

    #[test]
    fn each_class_offers_its_specials_after_last_valid_special() {
        let site = Site::start();
        site.set_today("2026-10-13");
        assert_eq!(site.last_valid_special(), "2026-09-13");
        let dailies = site.offered(9);
        assert_eq!((dailies.len(), dailies[0].as_str(), dailies[29].as_str()), (30, "2026-10-13", "2026-09-14"));
        assert_eq!(site.offered(10), ["2026-10-12", "2026-10-05", "2026-09-28", "2026-09-21", "2026-09-14"]);
        assert_eq!(site.offered(11), ["2026-10-01"]);
        // A special is a function of its class and date, whatever today is.
        let (daily, weekly) = (site.special_on(9, "2026-09-20"), site.special_on(10, "2026-09-23"));
        assert_eq!(weekly.date.as_deref(), Some("2026-09-21"));
        assert_ne!(daily.task, site.special_on(9, "2026-09-21").task);
        // Six days running, six dailies: the three generated ones and their
        // mirror images.
        let six: std::collections::HashSet<String> =
            (14..20).map(|d| site.special_on(9, &format!("2026-09-{d}")).task).collect();
        assert_eq!(six.len(), 6);
        site.set_today("2027-03-01");
        assert_eq!(site.offered(11), ["2027-03-01", "2027-02-01"], "February is short");
        assert_eq!(site.special_on(9, "2026-09-20").task, daily.task);
        assert_eq!(site.special_on(10, "2026-09-21").task, weekly.task);
    }
}
