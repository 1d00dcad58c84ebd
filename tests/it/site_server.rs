//! A small stand-in for puzzle-aquarium.com on 127.0.0.1, serving the
//! fixture puzzles in pages shaped like the site's (docs/site.md): the raw page
//! with its inline script, a board that the page's own JavaScript draws with
//! the site's cell and border classes, specials with dates, the "no such
//! puzzle" page, and faults on demand. It counts requests per path and
//! query, so tests can assert where retries happened.

use std::collections::{HashMap, VecDeque};
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use base64::Engine as _;

use crate::util::fixtures;

/// What the server does wrong on one request.
#[derive(Clone, Copy, Debug)]
pub enum Fault {
    /// Waits this long before answering.
    Slow(Duration),
    /// Answers this status with a short error body.
    Status(u16),
    /// Closes the connection without a word.
    Drop,
    /// Promises the whole page, sends half, and closes.
    Truncate,
    /// Serves the page with its task's tank numbers shuffled (seeded), as
    /// the site does to clients it takes for scrapers.
    InvalidTask(u64),
}

/// One puzzle the server knows.
#[derive(Clone, Debug)]
pub struct SitePuzzle {
    pub size: u8,
    pub id: u64,
    pub side: usize,
    pub task: String,
    pub date: Option<&'static str>,
}

impl SitePuzzle {
    /// The ID with the site's commas.
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
    hits: HashMap<String, usize>,
    /// Every request: when it came and the User-Agent it sent.
    log: Vec<(std::time::Instant, String)>,
    faults: HashMap<String, VecDeque<Fault>>,
    /// Per size class, which of its puzzles `?size=N` serves next.
    next: HashMap<u8, usize>,
}

pub struct Site {
    port: u16,
    state: Arc<Mutex<State>>,
}

/// The dates of the three specials, each written the way docs/site.md says a
/// page may write it.
const SPECIAL_DATES: [&str; 3] = ["2026-11-30", "2026-W48", "2026-11"];

impl Site {
    /// Starts a server on a free loopback port; it lives as long as the test.
    pub fn start() -> Site {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1");
        let port = listener.local_addr().unwrap().port();
        let state = Arc::new(Mutex::new(State { puzzles: load_puzzles(), ..State::default() }));
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

    pub fn puzzles(&self) -> Vec<SitePuzzle> {
        self.state.lock().unwrap().puzzles.clone()
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

    /// Requests seen for `path_and_query`.
    pub fn hits(&self, path_and_query: &str) -> usize {
        self.state.lock().unwrap().hits.get(path_and_query).copied().unwrap_or(0)
    }
}

fn load_puzzles() -> Vec<SitePuzzle> {
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
                date: None,
            })
        })
        .collect();
    // The specials: generated 20x20 puzzles (no real special is public).
    let specials = std::fs::read_to_string(fixtures().join("site/specials.txt")).unwrap();
    for (k, task) in specials.lines().enumerate() {
        puzzles.push(SitePuzzle {
            size: 9 + k as u8,
            id: 1000 + k as u64,
            side: 20,
            task: task.to_string(),
            date: Some(SPECIAL_DATES[k]),
        });
    }
    puzzles
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
        state.faults.get_mut(&target).and_then(VecDeque::pop_front)
    };
    let mut stream = stream;
    let (status, mut body, content_type) = match fault {
        Some(Fault::Drop) => return Ok(()),
        Some(Fault::Status(code)) => (code, format!("<h1>Error {code}</h1>"), "text/html"),
        Some(Fault::Slow(wait)) => {
            std::thread::sleep(wait);
            route(&target, state, None)
        }
        Some(Fault::InvalidTask(seed)) => route(&target, state, Some(seed)),
        Some(Fault::Truncate) => {
            let (_, body, _) = route(&target, state, None);
            let head = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            stream.write_all(head.as_bytes())?;
            stream.write_all(&body.as_bytes()[..body.len() / 2])?;
            return stream.flush();
        }
        None => route(&target, state, None),
    };
    if body.is_empty() {
        body.push('\n');
    }
    let reason = match status {
        200 => "OK",
        404 => "Not Found",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "Status",
    };
    let head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Type: {content_type}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes())?;
    stream.write_all(body.as_bytes())?;
    stream.flush()
}

/// The answer for a path and query: (status, body, content type).
fn route(target: &str, state: &Mutex<State>, garble: Option<u64>) -> (u16, String, &'static str) {
    let (path, query) = target.split_once('?').unwrap_or((target, ""));
    if path == "/js/aquarium.js" {
        return (200, BOARD_SCRIPT.to_string(), "application/javascript");
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
            if let Some(seed) = garble {
                puzzle.task = garble_task(&puzzle.task, seed);
            }
            (200, page(&puzzle), "text/html")
        }
        // The site answers an unknown puzzle with a page, not a 404.
        None => (200, NOT_FOUND_PAGE.into(), "text/html"),
    }
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
/// that hands `task` to the board plugin. The daily names its date in the
/// script, the weekly and monthly in a `<select name="date">`.
fn page(p: &SitePuzzle) -> String {
    let e = base64::engine::general_purpose::STANDARD.encode(format!("{}:{}", p.size, p.id_text()));
    let (date_script, date_select) = match (p.size, p.date) {
        (9, Some(date)) => (format!("var specialDate = '{date}';"), String::new()),
        (_, Some(date)) => (
            String::new(),
            format!(
                "<form><select name=\"date\"><option value=\"2020-01-01\">older</option>\
                 <option value=\"{date}\" selected=\"selected\">{date}</option></select></form>"
            ),
        ),
        _ => (String::new(), String::new()),
    };
    format!(
        r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>Aquarium - {class}</title>
<script type="text/javascript" src="/js/aquarium.js"></script></head>
<body>
<div id="ajaxResponse"></div>
<form method="post" action="/" name="answerForm" id="puzzleForm">
<input type="hidden" name="jstimer" value="0"><input type="hidden" name="robot" value="1">
<input type="hidden" name="b" value="1"><input type="hidden" name="size" value="{size}">
<input type="hidden" name="param" value="token123"><input type="hidden" name="w" value="{side}"><input type="hidden" name="h" value="{side}">
<input type="hidden" name="ansH" value="">
{date_select}
<div id="puzzleContainerOverflowDiv"><div id="game"></div></div>
<script type="text/javascript"> var Game = {{}}; var Puzzle = {{}}; var task = '{task}'; var loadedId = 0; {date_script}
$(document).ready(function(){{ Game = $('#game').aquarium({{ ident: 'aquarium.{size}', task: task, hashedSolution: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', token: document.forms['answerForm'].param.value, puzzleID: $('#puzzleID').text(), puzzleWidth: {side}, puzzleHeight: {side} ,localTimer: new Date().getTime() }}).initGame(); Game.plSize = {size}; }});
</script>
<input type="submit" id="btnReady" name="ready" value="Done"><input type="submit" id="btnNew" name="new" value="New Puzzle">
</form>
<div class="puzzleInfo"><p>{class} Aquarium Puzzle ID: <span id="puzzleID">{id}</span></p>
<p>Link: <a href="/?e={e}">?e={e}</a></p></div>
</body></html>
"#,
        class = CLASS_NAMES[p.size as usize],
        size = p.size,
        side = p.side,
        task = p.task,
        id = p.id_text(),
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
