//! A small stand-in for puzzle-aquarium.com on 127.0.0.1, serving the
//! fixture puzzles in pages shaped like the site's (docs/site.md): the raw
//! page with its inline script and its `hashedSolution` (md5 of task and
//! answer), a board that the page's own JavaScript draws with the site's
//! cell and border classes, the "no such puzzle" page, and faults on demand.
//! Specials are served as real pages show them: the date only in the title
//! (`Special Daily Aquarium (2026-08-23)`), the ID span empty or `0`, and
//! a clock that tests move on, so that the daily changes each day, the
//! weekly on Mondays and the monthly on the 1st. It counts requests per
//! path and query, so tests can assert where retries happened. Besides the
//! faults a test queues, a seeded mix of faults can spoil a share of all
//! page requests, as a year of a real site would (see [`FaultMix`]). Its
//! `/robots.txt` is a 404 unless a test gives it a text.

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
    /// A special's date, `YYYY-MM-DD`, as the clock stands.
    pub date: Option<String>,
}

impl SitePuzzle {
    /// The page's `hashedSolution`: md5 of the task followed by the answer.
    pub fn hashed_solution(&self) -> String {
        use md5::Digest;
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
    /// What a special's ID span holds: empty or `0`.
    special_id: &'static str,
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
        let state = Arc::new(Mutex::new(State {
            puzzles,
            specials,
            today: day(FIRST_DAY),
            special_id: "",
            ..State::default()
        }));
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

    /// Moves the site's clock to a day (`YYYY-MM-DD`).
    pub fn set_today(&self, date: &str) {
        self.state.lock().unwrap().today = day(date);
    }

    /// Moves the site's clock on by some days.
    pub fn advance(&self, by: i64) {
        let mut state = self.state.lock().unwrap();
        state.today = state.today.checked_add(by.days()).unwrap();
    }

    /// What a special's ID span holds from now on: empty, or `0`.
    pub fn special_id_span(&self, text: &'static str) {
        self.state.lock().unwrap().special_id = text;
    }

    pub fn puzzles_of(&self, size: u8) -> Vec<SitePuzzle> {
        self.puzzles().into_iter().filter(|p| p.size == size).collect()
    }

    /// Queues faults for the next requests of `path_and_query` (`/?size=0`).
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

    /// Requests seen for `path_and_query`.
    pub fn hits(&self, path_and_query: &str) -> usize {
        self.state.lock().unwrap().hits.get(path_and_query).copied().unwrap_or(0)
    }

    /// Spoils a share of the page requests (`/?…`; not the script, not
    /// robots.txt) from now on with the mix's faults. Faults queued with
    /// [`Site::fault`] still come first.
    pub fn fault_mix(&self, mix: FaultMix) {
        self.state.lock().unwrap().mix = Some(mix);
    }

    /// Page requests (`/?…`) seen so far, whatever was answered.
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
                SitePuzzle { size, id: 0, side, task: task.clone(), answer: answer.clone(), date: None }
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
        let puzzle = SitePuzzle { size, id: 0, side, task: task.into(), answer: answer.into(), date: None };
        if size >= 9 {
            specials.entry(size).or_default().push(puzzle);
        } else {
            puzzles.push(SitePuzzle { id: 9_000_000 + k as u64, ..puzzle });
        }
    }
    (puzzles, specials)
}

impl State {
    /// Today's special of a class: the pool's next puzzle each day (daily),
    /// each Monday (weekly) or each 1st (monthly), dated so.
    fn special(&self, size: u8) -> SitePuzzle {
        let first = day(FIRST_DAY);
        let days_from = |from: Date, to: Date| i64::from(to.since(from).unwrap().get_days());
        let (day, turn) = match size {
            9 => (self.today, days_from(first, self.today)),
            10 => (monday(self.today), days_from(monday(first), monday(self.today)) / 7),
            _ => {
                let months = |d: Date| i64::from(d.year()) * 12 + i64::from(d.month());
                (self.today.first_of_month(), months(self.today) - months(first))
            }
        };
        let pool = &self.specials[&size];
        let puzzle = &pool[turn.rem_euclid(pool.len() as i64) as usize];
        SitePuzzle { date: Some(day.to_string()), ..puzzle.clone() }
    }
}

/// A `YYYY-MM-DD` date.
fn day(date: &str) -> Date {
    date.parse().unwrap_or_else(|e| panic!("{date}: {e}"))
}

/// The Monday on or before a day.
fn monday(day: Date) -> Date {
    day.checked_sub(i64::from(day.weekday().to_monday_zero_offset()).days()).unwrap()
}

fn serve(stream: TcpStream, state: &Mutex<State>) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    // Read the headers off the wire; only the User-Agent is noted.
    let mut line = String::new();
    let mut agent = String::new();
    while reader.read_line(&mut line)? > 2 {
        if let Some((name, value)) = line.split_once(':')
            && name.eq_ignore_ascii_case("user-agent")
        {
            agent = value.trim().to_string();
        }
        line.clear();
    }
    let target = request_line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let fault = {
        let mut state = state.lock().unwrap();
        *state.hits.entry(target.clone()).or_default() += 1;
        state.log.push((std::time::Instant::now(), agent));
        let queued = state.faults.get_mut(&target).and_then(VecDeque::pop_front);
        if target.starts_with("/?") {
            state.page_requests += 1;
        }
        match queued {
            Some(fault) => Some(fault),
            None if target.starts_with("/?") => {
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
            route(&target, state, Garble::None)
        }
        Some(Fault::Held) => {
            while !state.lock().unwrap().released {
                std::thread::sleep(Duration::from_millis(20));
            }
            route(&target, state, Garble::None)
        }
        Some(Fault::InvalidTask(seed)) => route(&target, state, Garble::Shuffle(seed)),
        Some(Fault::OtherTask) => route(&target, state, Garble::Other),
        Some(Fault::Redirect) => {
            let port = stream.local_addr()?.port();
            location = Some(format!("http://localhost:{port}/aquarium/daily"));
            (302, String::new(), "text/html")
        }
        Some(Fault::Truncate) => {
            let (_, body, _) = route(&target, state, Garble::None);
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            stream.write_all(head.as_bytes())?;
            stream.write_all(&body.as_bytes()[..body.len() / 2])?;
            return stream.flush();
        }
        None => route(&target, state, Garble::None),
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

/// How a page's task is spoilt, if it is.
#[derive(Clone, Copy)]
enum Garble {
    None,
    Shuffle(u64),
    Other,
}

/// The answer for a path and query: (status, body, content type).
fn route(target: &str, state: &Mutex<State>, garble: Garble) -> (u16, String, &'static str) {
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
    } else if let Some(size) = params.get("size").and_then(|s| s.parse::<u8>().ok()).filter(|s| (9..=11).contains(s)) {
        Some(state.special(size))
    } else if let Some(size) = params.get("size").and_then(|s| s.parse::<u8>().ok()) {
        let of_size: Vec<SitePuzzle> = state.puzzles.iter().filter(|p| p.size == size).cloned().collect();
        if of_size.is_empty() {
            None
        } else {
            let next = state.next.entry(size).or_default();
            let puzzle = of_size[*next % of_size.len()].clone();
            *next += 1;
            Some(puzzle)
        }
    } else {
        None
    };
    match found {
        Some(mut puzzle) => {
            // The hash is the real puzzle's, whatever the task says.
            let hashed = puzzle.hashed_solution();
            match garble {
                Garble::None => {}
                Garble::Shuffle(seed) => puzzle.task = garble_task(&puzzle.task, seed),
                Garble::Other => puzzle.task = other_task(&state, &puzzle),
            }
            (200, page(&puzzle, &hashed, state.special_id), "text/html")
        }
        // The site answers an unknown puzzle with a page, not a 404.
        None => (200, NOT_FOUND_PAGE.into(), "text/html"),
    }
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

const CLASS_NAMES: [&str; 12] = [
    "6x6 Easy",
    "6x6 Normal",
    "6x6 Hard",
    "10x10 Easy",
    "10x10 Normal",
    "10x10 Hard",
    "15x15 Easy",
    "15x15 Normal",
    "15x15 Hard",
    "Special Daily",
    "Special Weekly",
    "Special Monthly",
];

/// A page shaped like the site's (the saved bridges page's skeleton): the
/// answer form, the empty `#game`, the puzzle info, and the inline script
/// that hands `task` and `hashedSolution` to the board plugin. A special's
/// page names its date in its title only, and its ID span holds
/// `special_id` (empty or `0`).
fn page(p: &SitePuzzle, hashed: &str, special_id: &str) -> String {
    let class = CLASS_NAMES[p.size as usize];
    let (title, id, e) = match &p.date {
        Some(date) => (format!("{class} Aquarium ({date})"), special_id.to_string(), String::new()),
        None => {
            let e = base64::engine::general_purpose::STANDARD.encode(format!("{}:{}", p.size, p.id_text()));
            (format!("Aquarium - {class}"), p.id_text(), format!("<p>Link: <a href=\"/?e={e}\">?e={e}</a></p>"))
        }
    };
    format!(
        r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{title}</title>
<script type="text/javascript" src="/js/aquarium.js"></script></head>
<body>
<div id="ajaxResponse"></div>
<form method="post" action="/" name="answerForm" id="puzzleForm">
<input type="hidden" name="jstimer" value="0"><input type="hidden" name="robot" id="robot" value="">
<input type="hidden" name="b" value="1"><input type="hidden" name="size" value="{size}">
<input type="hidden" name="param" value="token123"><input type="hidden" name="w" value="{side}"><input type="hidden" name="h" value="{side}">
<input type="hidden" name="ansH" value="">
<div id="puzzleContainerOverflowDiv"><div id="game"></div></div>
<script type="text/javascript"> var Game = {{}}; var Puzzle = {{}}; var task = '{task}'; var loadedId = 0;
$(document).ready(function(){{ Game = $('#game').aquarium({{ ident: 'aquarium.{size}', task: task, hashedSolution: '{hashed}', token: document.forms['answerForm'].param.value, puzzleID: $('#puzzleID').text(), puzzleWidth: {side}, puzzleHeight: {side} ,localTimer: new Date().getTime() }}).initGame(); Game.plSize = {size}; }});
</script>
<input type="submit" id="btnReady" name="ready" value="Done"><input type="submit" id="btnNew" name="new" value="New Puzzle">
</form>
<div class="puzzleInfo"><p>{class} Aquarium Puzzle ID: <span id="puzzleID">{id}</span></p>
{e}</div>
</body></html>
"#,
        size = p.size,
        side = p.side,
        task = p.task,
    )
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
