// The exported archive's one script, for every page, run offline:
// - the front page (today.html): the newest specials, the dailies'
//   calendar and the streak, marked from the progress kept; it and the
//   index save the progress to a file and load one;
// - the index: filters over PUZZLES (from puzzles.js) across every page,
//   kept in the address's #hash so a filtered view can be bookmarked, and
//   sorting by a column; each row marked solved or in progress;
// - a puzzle's page: the board drawn from the page's data and played
//   (Aquarium, Sudoku), with undo, a timer, a check, hints and progress
//   kept in the browser (localStorage), so it survives a reload.
// Without this script the static pages still list every puzzle and reveal
// each solution. Every page first merges PROGRESS (from progress.js: the
// progress the archive keeps) into the browser's.
//
// The hints' words are not here: the export writes them before this script
// as WORDS, from the graders' own wording, as templates with named
// placeholders (`{tank}`) that `say` fills.
(function () {
  "use strict";

  var SAID = typeof WORDS === "object" && WORDS ? WORDS : {};

  // The template `name` of the words' part `part`, its `{name}`s filled
  // from `values`; a placeholder without a value stays as it is.
  function say(part, name, values) {
    var template = (SAID[part] || {})[name] || "";
    return template.replace(/\{([^{}]*)\}/g, function (all, key) {
      return values && Object.prototype.hasOwnProperty.call(values, key) ? String(values[key]) : all;
    });
  }

  // ---------------------------------------------------------------------
  // Progress, kept per puzzle under "aquarchive:" and the puzzle's key (a
  // hash of the puzzle itself, so two exports of one puzzle share it):
  // {grid: the cells as played, time: seconds, started, solved (the grid
  // is the solution), solvedAt (when first solved, ISO time; kept when the
  // grid is started again), help: hints and mistake checks taken, shown:
  // the solution was shown}.
  var PREFIX = "aquarchive:";
  // A progress file: {format: FILE_FORMAT, version: 1, saved, puzzles:
  // {key: record}}, as `aquarchive import` reads it (docs/archive.md).
  var FILE_FORMAT = "aquarchive-progress", FILE_VERSION = 1;

  function loadProgress(key) {
    try {
      var text = window.localStorage.getItem(PREFIX + key);
      return text ? JSON.parse(text) : null;
    } catch (e) {
      return null;
    }
  }

  function saveProgress(key, record) {
    try {
      if (record) window.localStorage.setItem(PREFIX + key, JSON.stringify(record));
      else window.localStorage.removeItem(PREFIX + key);
    } catch (e) {
      // Storage full or turned off: play goes on, unsaved.
    }
  }

  // Whether a record's puzzle was solved, now or once.
  function everSolved(record) {
    return !!(record && (record.solved || record.solvedAt));
  }

  // Whether record `a` is kept in the place of `b` (none: null): a solved
  // one beats an unsolved one; of two solved, the earlier solve (a known
  // time beats none); of two unsolved, the one played longer; anything
  // else keeps `b`. The archive's own rule, word for word
  // (src/archive/progress.rs, `beats`).
  function beats(a, b) {
    if (!b) return true;
    var solved = everSolved(a), was = everSolved(b);
    if (solved !== was) return solved;
    if (solved) {
      var at = a.solvedAt ? Date.parse(a.solvedAt) : NaN, bt = b.solvedAt ? Date.parse(b.solvedAt) : NaN;
      if (!isNaN(at) && !isNaN(bt)) return at < bt;
      return !isNaN(at) && isNaN(bt);
    }
    return (a.time || 0) > (b.time || 0);
  }

  // A progress file's data checked whole: {records: {key: record}}, or
  // {error: what is wrong} (then nothing of it is merged).
  function checkProgressFile(data) {
    if (!data || typeof data !== "object" || Array.isArray(data) || data.format !== FILE_FORMAT) {
      return { error: "not a progress file: its \"format\" is not \"" + FILE_FORMAT + "\"" };
    }
    if (data.version !== FILE_VERSION) {
      return { error: typeof data.version === "number" && data.version > FILE_VERSION ?
        "a progress file of version " + data.version + ", made by a newer aquarchive" :
        "its \"version\" is not " + FILE_VERSION };
    }
    var puzzles = data.puzzles;
    if (!puzzles || typeof puzzles !== "object" || Array.isArray(puzzles)) {
      return { error: "\"puzzles\" is not an object of records by key" };
    }
    var records = {};
    var keys = Object.keys(puzzles);
    for (var i = 0; i < keys.length; i++) {
      var key = keys[i], r = puzzles[key], where = "puzzles." + key + ": ";
      if (!/^[0-9a-f]{16}$/.test(key)) return { error: "puzzles: the key \"" + key + "\" is not a progress key" };
      if (!r || typeof r !== "object" || Array.isArray(r)) return { error: where + "not an object" };
      var out = {};
      var bad = ["time", "help"].filter(function (k) {
        out[k] = r[k] == null ? 0 : r[k];
        return !(typeof out[k] === "number" && out[k] >= 0 && Math.floor(out[k]) === out[k]);
      }).concat(["started", "solved", "shown"].filter(function (k) {
        out[k] = r[k] == null ? false : r[k];
        return typeof out[k] !== "boolean";
      }));
      if (bad.length) return { error: where + "\"" + bad[0] + "\" is not what it should be (" + JSON.stringify(r[bad[0]]) + ")" };
      out.grid = r.grid == null ? "" : r.grid;
      if (typeof out.grid !== "string") return { error: where + "\"grid\" is not text" };
      if (r.solvedAt != null) {
        if (typeof r.solvedAt !== "string" || isNaN(Date.parse(r.solvedAt))) return { error: where + "\"solvedAt\" is not a time" };
        out.solvedAt = r.solvedAt;
      }
      records[key] = out;
    }
    return { records: records };
  }

  // Merges checked records into this browser's progress, each where it
  // beats what is kept; says how many were read and changed.
  function mergeProgress(records) {
    var keys = Object.keys(records), changed = 0;
    keys.forEach(function (key) {
      if (beats(records[key], loadProgress(key))) {
        saveProgress(key, records[key]);
        changed++;
      }
    });
    return { read: keys.length, changed: changed };
  }

  // Every record this browser keeps, as a progress file.
  function progressFile() {
    var puzzles = {};
    try {
      var store = window.localStorage;
      for (var i = 0; i < store.length; i++) {
        var name = store.key(i);
        if (name.indexOf(PREFIX) !== 0) continue;
        var record = JSON.parse(store.getItem(name));
        if (record && typeof record === "object") puzzles[name.slice(PREFIX.length)] = record;
      }
    } catch (e) {
      // No storage: nothing kept.
    }
    return { format: FILE_FORMAT, version: FILE_VERSION, saved: new Date().toISOString(), puzzles: puzzles };
  }

  // What redraws a page's marks once progress is loaded from a file.
  var redraws = [];

  // The front page's and the index's "Save progress to a file" and "Load
  // progress from a file".
  function setupProgressFile() {
    var section = document.getElementById("progress-file");
    if (!section) return;
    section.hidden = false;
    var said = document.getElementById("progress-said");
    var input = document.getElementById("load-progress");
    document.getElementById("save-progress").addEventListener("click", function () {
      var file = progressFile();
      var n = Object.keys(file.puzzles).length;
      var blob = new Blob([JSON.stringify(file, null, 1) + "\n"], { type: "application/json" });
      var url = URL.createObjectURL(blob);
      var a = make("a", { href: url, download: "progress.json", hidden: "" }, document.body);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
      said.textContent = "Saved " + n + (n === 1 ? " record" : " records") + " to progress.json.";
    });
    input.addEventListener("change", function () {
      var file = input.files && input.files[0];
      if (!file) return;
      var reader = new FileReader();
      reader.onload = function () {
        var data;
        try {
          data = JSON.parse(String(reader.result));
        } catch (e) {
          data = undefined;
        }
        var checked = data === undefined ? { error: "not a progress file: not JSON (cut short, or another kind of file)" } :
          checkProgressFile(data);
        if (checked.error) {
          said.textContent = file.name + ": " + checked.error + "; nothing changed.";
          said.className = "broken";
        } else {
          var done = mergeProgress(checked.records);
          said.textContent = file.name + ": " + done.read + (done.read === 1 ? " record" : " records") + " read, " +
            done.changed + " changed.";
          said.className = "fine";
          redraws.forEach(function (redraw) { redraw(); });
        }
        input.value = "";
      };
      reader.onerror = function () {
        said.textContent = file.name + ": could not be read; nothing changed.";
        said.className = "broken";
      };
      reader.readAsText(file);
    });
  }

  // Every key's progress: "solved" or "playing".
  function allProgress() {
    var out = {};
    try {
      var store = window.localStorage;
      for (var i = 0; i < store.length; i++) {
        var name = store.key(i);
        if (name.indexOf(PREFIX) !== 0) continue;
        var record = JSON.parse(store.getItem(name));
        if (everSolved(record)) out[name.slice(PREFIX.length)] = "solved";
        else if (record && record.started) out[name.slice(PREFIX.length)] = "playing";
      }
    } catch (e) {
      // No storage: nothing played.
    }
    return out;
  }

  var SVG = "http://www.w3.org/2000/svg";

  function make(name, attrs, parent, ns) {
    var el = ns ? document.createElementNS(ns, name) : document.createElement(name);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "text") el.textContent = attrs[k];
      else el.setAttribute(k, attrs[k]);
    });
    if (parent) parent.appendChild(el);
    return el;
  }

  function svg(name, attrs, parent) {
    return make(name, attrs, parent, SVG);
  }

  // Five bits a base-32 digit, the first bit the highest.
  function bits(text, count) {
    var out = [];
    for (var i = 0; i < text.length && out.length < count; i++) {
      var v = parseInt(text.charAt(i), 32);
      for (var b = 4; b >= 0 && out.length < count; b--) out.push((v >> b) & 1);
    }
    while (out.length < count) out.push(0);
    return out;
  }

  function clock(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  // A played board is drawn to fit the screen it is shown on: no wider
  // than its frame, and no higher than the window less the tools above it
  // (and, where the verdict goes under the board, a few lines for it), so
  // that the board, the hint's words and the verdict are in view together.
  // Its cells are at most MAX_CELL px, and at least a finger's width on a
  // touch screen (TOUCH_CELL) or FINE_CELL with a mouse: below that the
  // board keeps its cells and its frame scrolls. `cell` is the side of a
  // cell in the SVG's own units; `area` the play's area (see setupPlay).
  var MAX_CELL = 44, TOUCH_CELL = 28, FINE_CELL = 20;

  function fitBoard(root, cell, area) {
    var box = (root.getAttribute("viewBox") || "").split(/[\s,]+/);
    var width = parseFloat(box[2]) || parseFloat(root.getAttribute("width"));
    var height = parseFloat(box[3]) || parseFloat(root.getAttribute("height"));
    if (!width || !height || !area) return;
    var touch = window.matchMedia && window.matchMedia("(pointer: coarse)").matches;
    var least = touch ? TOUCH_CELL : FINE_CELL;
    var style = getComputedStyle(area.root);
    // Side by side (a grid, on a wide screen), the board has the room the
    // side's least width and the gap leave; else the whole width, and the
    // verdict's lines under it.
    var beside = style.display === "grid";
    var room = area.root.clientWidth - parseFloat(style.paddingLeft || 0) - parseFloat(style.paddingRight || 0);
    if (beside) room -= (parseFloat(getComputedStyle(area.side).minWidth) || 0) + (parseFloat(style.columnGap) || 0);
    var line = parseFloat(getComputedStyle(document.body).fontSize) || 16;
    var high = window.innerHeight - area.tools.offsetHeight - (beside ? line : 4 * line);
    var px = Math.min(MAX_CELL, cell * room / width, cell * high / height);
    px = Math.max(least, Math.floor(px * 10) / 10);
    var scale = px / cell;
    root.style.width = Math.ceil(width * scale) + "px";
    root.style.height = Math.ceil(height * scale) + "px";
    root.setAttribute("data-cell-px", px);
  }

  // ---------------------------------------------------------------------
  // The index.
  function setupIndex() {
    var form = document.getElementById("filters");
    if (!form || typeof PUZZLES === "undefined" || typeof COLUMNS === "undefined") return;
    var perPage = parseInt(document.body.getAttribute("data-per-page"), 10) || 500;
    var pageRows = document.getElementById("page-rows");
    var filteredRows = document.getElementById("filtered-rows");
    var filterPager = document.getElementById("filter-pager");
    var staticPagers = [document.getElementById("static-pager"), document.getElementById("static-pager-bottom")];
    var matches = document.getElementById("matches");
    // Columns of a PUZZLES row: the id, then the table's columns after the
    // picture, in order (named in COLUMNS, also from puzzles.js), then the
    // status cell's class, the puzzle's progress key and its board (an
    // Aquarium's puzz.link address, its picture drawn from it here).
    function column(name) { return COLUMNS.indexOf(name) + 1; }
    var ID = 0, KIND = column("kind"), CLASS = column("size class"), STATUS = column("status");
    var DATE = column("stored"), GRADE = column("grade");
    function field(p, fromEnd) { return p[p.length - fromEnd]; }
    var MARK = 3, KEY = 2, BOARD = 1;
    // The choices of these are the values the puzzles have; the grades'
    // are in the page, easiest first.
    var selects = { kind: KIND, "class": CLASS, status: STATUS };
    var FIELDS = ["kind", "class", "status", "grade", "play", "from", "to"];
    var PLAY_NAMES = { solved: "solved", playing: "in progress", none: "not started" };
    var progress = allProgress();
    var keyById = {};
    var boardById = {};
    PUZZLES.forEach(function (p) {
      keyById[p[ID]] = field(p, KEY);
      boardById[p[ID]] = field(p, BOARD);
    });

    function played(p) {
      return progress[field(p, KEY)] || "none";
    }

    // A row's picture where the page has none (an Aquarium's, and every
    // row a filter shows): an Aquarium's drawn from its board, another
    // kind's the export's picture of it, t/ID.svg, which a puzzle that
    // cannot be drawn has not (its image then goes).
    function thumb(tr, id) {
      var td = tr.cells[1], board = boardById[id];
      if (!td || td.querySelector("svg, img")) return;
      var a = td.querySelector("a") || make("a", { href: "p/" + id + ".html", tabindex: "-1" }, td);
      if (board) {
        drawAquarium(readPuzzlink("aquarium/" + board), a);
        return;
      }
      var img = make("img", { src: "t/" + id + ".svg", alt: "" }, a);
      img.addEventListener("error", function () { img.remove(); });
    }

    Object.keys(selects).forEach(function (name) {
      var seen = {};
      PUZZLES.forEach(function (p) { seen[p[selects[name]]] = true; });
      var select = form.elements[name];
      Object.keys(seen).sort(byClass).forEach(function (value) {
        make("option", { value: value, text: value }, select);
      });
    });
    form.hidden = false;

    // "6x6 easy" before "10x10 easy": compare the leading numbers first.
    function byClass(a, b) {
      var na = parseInt(a, 10), nb = parseInt(b, 10);
      if (!isNaN(na) && !isNaN(nb) && na !== nb) return na - nb;
      return a < b ? -1 : a > b ? 1 : 0;
    }

    function readHash() {
      var state = { page: 0 };
      location.hash.replace(/^#/, "").split("&").forEach(function (pair) {
        if (!pair) return;
        var kv = pair.split("=");
        state[decodeURIComponent(kv[0])] = decodeURIComponent(kv[1] || "");
      });
      state.page = parseInt(state.page, 10) || 0;
      return state;
    }

    function writeHash(state) {
      var parts = [];
      FIELDS.forEach(function (k) {
        if (state[k]) parts.push(k + "=" + encodeURIComponent(state[k]));
      });
      if (parts.length && state.page) parts.push("page=" + state.page);
      var hash = parts.length ? "#" + parts.join("&") : "";
      if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname);
    }

    function formState() {
      var state = { page: 0 };
      FIELDS.forEach(function (k) { state[k] = form.elements[k].value; });
      return state;
    }

    function cell(text) {
      return make("td", { text: text });
    }

    // A row's mark: a class on the row and a word after its number.
    function mark(tr, id) {
      var how = progress[keyById[id]];
      tr.classList.remove("solved", "playing");
      var old = tr.cells[0].querySelector(".progress");
      if (old) old.remove();
      if (!how) return;
      tr.classList.add(how);
      make("span", { "class": "progress", title: PLAY_NAMES[how], text: how === "solved" ? " \u2713" : " \u2026" }, tr.cells[0]);
    }

    function markPage() {
      Array.prototype.forEach.call(pageRows.rows, function (tr) {
        var id = parseInt(tr.cells[0].textContent, 10);
        mark(tr, id);
        thumb(tr, id);
      });
    }

    function render(state) {
      var active = FIELDS.some(function (k) { return state[k]; });
      pageRows.hidden = active;
      filteredRows.hidden = !active;
      filterPager.hidden = !active;
      staticPagers.forEach(function (p) { if (p) p.hidden = active; });
      if (!active) {
        matches.textContent = "";
        return;
      }
      var rows = PUZZLES.filter(function (p) {
        return (!state.kind || p[KIND] === state.kind) &&
          (!state["class"] || p[CLASS] === state["class"]) &&
          (!state.status || p[STATUS] === state.status) &&
          (!state.grade || p[GRADE] === state.grade) &&
          (!state.play || played(p) === state.play) &&
          (!state.from || p[DATE] >= state.from) &&
          (!state.to || p[DATE] <= state.to);
      });
      var pages = Math.max(1, Math.ceil(rows.length / perPage));
      var page = Math.min(state.page, pages - 1);
      filteredRows.textContent = "";
      rows.slice(page * perPage, (page + 1) * perPage).forEach(function (p) {
        var tr = make("tr", {}, filteredRows);
        var td = make("td", {}, tr);
        make("a", { href: "p/" + p[ID] + ".html", text: p[ID] }, td);
        make("td", { "class": "thumb" }, tr);
        for (var k = 1; k < p.length - MARK; k++) {
          var c = cell(p[k]);
          if (k === STATUS) c.className = field(p, MARK);
          tr.appendChild(c);
        }
        mark(tr, p[ID]);
        thumb(tr, p[ID]);
      });
      sortRows();
      matches.textContent = rows.length + " of " + PUZZLES.length + " match" + (pages > 1 ? ", page " + (page + 1) + " of " + pages : "");
      filterPager.textContent = "";
      [[page - 1, "\u2190 previous"], [page + 1, "next \u2192"]].forEach(function (link) {
        if (link[0] < 0 || link[0] >= pages) return;
        var a = make("a", { href: "#", text: link[1] }, filterPager);
        a.addEventListener("click", function (e) {
          e.preventDefault();
          var next = formState();
          next.page = link[0];
          writeHash(next);
          render(next);
        });
        filterPager.appendChild(document.createTextNode(" "));
      });
    }

    // Sorting: a click on a column's header sorts the rows shown by it, a
    // second click the other way. Numbers sort as numbers ("1,234" too),
    // grades by their rank and size classes small to large.
    var sortedBy = -1, ascending = true;
    var headers = document.querySelectorAll("#puzzles thead th");

    // A cell whose text sorts wrongly (a grade, a size class) carries its
    // key in data-sort.
    function sortKey(td) {
      if (td && td.dataset && td.dataset.sort !== undefined) return [0, parseFloat(td.dataset.sort), ""];
      var text = td ? td.textContent.trim() : "";
      var number = text.replace(/,/g, "");
      return /^-?\d+(\.\d+)?$/.test(number) ? [0, parseFloat(number), ""] : [1, 0, text.toLowerCase()];
    }

    function sortRows() {
      if (sortedBy < 0) return;
      [pageRows, filteredRows].forEach(function (body) {
        var rows = Array.prototype.slice.call(body.rows);
        var keyed = rows.map(function (tr, i) {
          // The id column sorts by the number alone, not its progress mark.
          var td = tr.cells[sortedBy];
          return [sortedBy === 0 && td ? sortKey(td.firstChild) : sortKey(td), i, tr];
        });
        keyed.sort(function (a, b) {
          var x = a[0], y = b[0];
          var order = x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0) || (x[2] < y[2] ? -1 : x[2] > y[2] ? 1 : 0);
          return (ascending ? order : -order) || a[1] - b[1];
        });
        keyed.forEach(function (k) { body.appendChild(k[2]); });
      });
      Array.prototype.forEach.call(headers, function (th, i) {
        if (i === sortedBy) th.setAttribute("aria-sort", ascending ? "ascending" : "descending");
        else th.removeAttribute("aria-sort");
      });
    }

    Array.prototype.forEach.call(headers, function (th, i) {
      if (th.className === "thumb") return;
      th.classList.add("sortable");
      th.title = "Sort by this column";
      th.addEventListener("click", function () {
        ascending = sortedBy === i ? !ascending : true;
        sortedBy = i;
        sortRows();
      });
    });

    function apply() {
      var state = formState();
      writeHash(state);
      render(state);
    }

    form.addEventListener("change", apply);
    form.addEventListener("input", apply);
    form.addEventListener("submit", function (e) { e.preventDefault(); apply(); });
    form.addEventListener("reset", function () { setTimeout(apply, 0); });
    // A puzzle played in another tab: its mark changes here too.
    function remark() {
      progress = allProgress();
      Array.prototype.forEach.call(pageRows.rows, function (tr) { mark(tr, parseInt(tr.cells[0].textContent, 10)); });
      render(formState());
    }
    window.addEventListener("storage", remark);
    redraws.push(remark);

    // The filter in the address: at the start, and when a link or the
    // back button changes it.
    function fromHash() {
      var state = readHash();
      FIELDS.forEach(function (k) { form.elements[k].value = state[k] || ""; });
      render(state);
    }
    window.addEventListener("hashchange", fromHash);
    markPage();
    fromHash();
  }

  // ---------------------------------------------------------------------
  // The front page (today.html): the newest specials marked with what the
  // player did with them, a month's calendar of the dailies held, and the
  // streak of dailies solved, all from the progress this browser keeps.
  var MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December"];
  var DONE_NAMES = { solved: "solved", started: "started", none: "not opened" };

  // What the player did with the puzzle whose progress key is `key`:
  // "solved", "started" (a grid kept, not solved) or "none".
  function doneWith(key) {
    var record = loadProgress(key);
    return !record ? "none" : everSolved(record) ? "solved" : "started";
  }

  function setupToday() {
    var calendar = document.getElementById("calendar");
    if (!calendar || typeof PUZZLES === "undefined" || typeof COLUMNS === "undefined") return;
    var CLASS = COLUMNS.indexOf("size class") + 1, DAY = COLUMNS.indexOf("date") + 1;
    // A PUZZLES row ends with the status cell's class, the key, the board.
    function key(p) { return p[p.length - 2]; }
    // The dailies held, one a day (the first stored of a day), by date.
    var daily = {};
    PUZZLES.forEach(function (p) {
      if (p[CLASS] === "special daily" && /^\d{4}-\d{2}-\d{2}$/.test(p[DAY]) && !daily[p[DAY]]) daily[p[DAY]] = p;
    });
    var days = Object.keys(daily).sort();
    var streakText = document.getElementById("streak");
    var shown = days.length ? days[days.length - 1].slice(0, 7) : "";

    function markNewest() {
      Array.prototype.forEach.call(document.querySelectorAll("#newest a[data-key]"), function (a) {
        var how = doneWith(a.getAttribute("data-key"));
        a.setAttribute("data-state", how);
        var old = a.querySelector(".progress");
        if (old) old.remove();
        make("span", { "class": "progress", text: DONE_NAMES[how] }, a);
      });
    }

    // The streak: the dailies held, newest first, counted while solved. The
    // newest, while not solved, is passed over (today's may still be
    // played), neither counted nor ending the streak; a day the archive
    // does not hold is passed over too (it could not be played here).
    function streak() {
      var count = 0;
      for (var i = days.length - 1; i >= 0; i--) {
        if (doneWith(key(daily[days[i]])) === "solved") count++;
        else if (i < days.length - 1) break;
      }
      return count;
    }

    function draw() {
      markNewest();
      var n = streak();
      streakText.textContent = "Streak: " + n + (n === 1 ? " daily" : " dailies") + " solved in a row";
      streakText.setAttribute("data-streak", n);
      calendar.textContent = "";
      if (!days.length) {
        make("p", { text: "No daily special in this archive." }, calendar);
        return;
      }
      var y = parseInt(shown.slice(0, 4), 10), m = parseInt(shown.slice(5, 7), 10) - 1;
      var head = make("div", { "class": "cal-head" }, calendar);
      var prev = make("button", { type: "button", id: "cal-prev", title: "The month before", "aria-label": "The month before", text: "\u2039" }, head);
      make("strong", { id: "cal-month", text: MONTHS[m] + " " + y }, head);
      var next = make("button", { type: "button", id: "cal-next", title: "The month after", "aria-label": "The month after", text: "\u203a" }, head);
      // Only the months from the first daily held to the last.
      prev.disabled = shown <= days[0].slice(0, 7);
      next.disabled = shown >= days[days.length - 1].slice(0, 7);
      prev.addEventListener("click", function () { move(-1); });
      next.addEventListener("click", function () { move(1); });
      var table = make("table", { "class": "cal" }, calendar);
      var tr = make("tr", {}, make("thead", {}, table));
      ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"].forEach(function (d) { make("th", { text: d }, tr); });
      var body = make("tbody", {}, table);
      // Weeks from Monday; the dates are the site's, read as plain days.
      var first = (new Date(Date.UTC(y, m, 1)).getUTCDay() + 6) % 7;
      var length = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
      for (var cell = 0; cell < first + length; cell++) {
        if (cell % 7 === 0) tr = make("tr", {}, body);
        var td = make("td", {}, tr);
        if (cell < first) continue;
        var d = cell - first + 1, day = shown + "-" + (d < 10 ? "0" : "") + d, p = daily[day];
        if (!p) {
          make("span", { "class": "off", text: d }, td);
          continue;
        }
        var how = doneWith(key(p));
        make("a", {
          href: "p/" + p[0] + ".html", "data-day": day, "data-state": how, "class": how,
          title: day + ": " + DONE_NAMES[how], text: d
        }, td);
      }
      make("p", { "class": "legend", text: "\u2713 solved \u00b7 \u2026 started \u00b7 plain: not opened" }, calendar);
    }

    // To the month `by` months on (the first day of it, as text).
    function move(by) {
      var y = parseInt(shown.slice(0, 4), 10), m = parseInt(shown.slice(5, 7), 10) - 1 + by;
      y += Math.floor(m / 12);
      m = ((m % 12) + 12) % 12;
      shown = y + "-" + (m < 9 ? "0" : "") + (m + 1);
      draw();
    }

    draw();
    // A puzzle solved in another tab, or this page come back to: marked anew.
    window.addEventListener("storage", draw);
    window.addEventListener("pageshow", draw);
    redraws.push(draw);
  }

  // ---------------------------------------------------------------------
  // A puzzle's page: what every kind's play shares. `board` gives its
  // picture (`svg`, a cell `cell` units wide), cells (elements with
  // data-r, data-c, data-state), `encode()` and `decode(text)` of the grid,
  // `solved()`, `check()` (the rules the grid breaks, in words),
  // `mistakes()` (the cells set otherwise than the solution has them,
  // marked on the board), `hint()` (the next step, or null),
  // `clearMarks()` (the hint's and the mistakes' marks), `showSolution(on)`,
  // `legend` (how the shown solution looks beside the player's cells:
  // [swatch's class, words]), `keys` (its keys, [keys, what they do], for
  // the page's list of keys), `name` (what the board is, in words),
  // `redraw()`, and takes `change(fn)` wrapped for undo and saving;
  // `fillSide(side)` may add to the side.
  //
  // The page is laid out as the play's area: the tools across, then the
  // board, then its side (the verdict, the hint's words, the legend, the
  // keys), beside the board on a wide screen, under it on a narrow one.
  //
  // For a screen reader the board is a grid (see gridRows) that takes the
  // focus by Tab, each cell named by its row, column and state, the cell
  // the keys play its active one; the verdict and the hint's words are
  // live regions, read out as they change.
  function setupPlay(game, board) {
    var key = game.getAttribute("data-key");
    var area = { root: make("div", { "class": "play-area" }) };
    game.parentNode.insertBefore(area.root, game);
    area.tools = make("div", { "class": "tools", role: "toolbar", "aria-label": "Play" }, area.root);
    area.root.appendChild(game);
    area.side = make("div", { "class": "play-side" }, area.root);
    var tools = area.tools, side = area.side;
    var verdict = make("p", { id: "verdict", role: "status", "aria-live": "polite", "aria-atomic": "true" }, side);
    var hintText = make("p", { id: "hint-text", role: "status", "aria-live": "polite", "aria-atomic": "true" }, side);
    if (board.fillSide) board.fillSide(side);
    board.svg.setAttribute("role", "grid");
    board.svg.setAttribute("tabindex", "0");
    board.svg.setAttribute("aria-label", board.name + " (the arrow keys move; the page's list of keys says the rest)");
    board.svg.setAttribute("aria-describedby", "play-keys");
    // The page's own reveal (radio buttons, for the page without this
    // script) gives way to the button after the tools, which asks first.
    Array.prototype.forEach.call(document.querySelectorAll("input.reveal, .reveal-buttons"), function (el) { el.remove(); });
    var legend = make("p", { "class": "legend", id: "solution-legend", hidden: "" }, side);
    // The keys, on the page: the board's own, then those every board has.
    var keyList = make("dl", {}, make("details", { "class": "keys", id: "play-keys" }, side));
    keyList.parentNode.insertBefore(make("summary", { text: "Keys" }), keyList);
    (board.keys || []).concat([
      ["Tab", "to the board and from it"],
      ["Ctrl+Z, Ctrl+Y", "undo, redo"]
    ]).forEach(function (entry) {
      make("dt", { text: entry[0] }, keyList);
      make("dd", { text: entry[1] }, keyList);
    });
    (board.legend || []).forEach(function (entry, i) {
      if (i) legend.appendChild(document.createTextNode(" \u00b7 "));
      make("span", { "class": "swatch " + entry[0], "aria-hidden": "true", text: entry[2] || "" }, legend);
      legend.appendChild(document.createTextNode(" " + entry[1]));
    });

    function button(id, text, title, action) {
      var b = make("button", { type: "button", id: id, title: title, text: text }, tools);
      b.addEventListener("click", action);
      return b;
    }

    // A board's modes (what a click or a typed digit plays): a button each,
    // a key each that picks one, and the board's switch key for the other.
    function setMode(name) { board.mode = name; game.setAttribute("data-mode", name); }
    function modeKey(k) {
      var modes = board.modes || [];
      var picked = modes.filter(function (m) { return m.key === k; })[0];
      if (picked) setMode(picked.name);
      else if (k === board.switchKey && modes.length === 2) setMode(modes[modes[0].name === board.mode ? 1 : 0].name);
      else return false;
      return true;
    }
    (board.modes || []).forEach(function (m) {
      m.button = button(m.id, m.text, m.title, function () { setMode(m.name); pressed(); });
    });
    if (board.modes) setMode(board.mode);
    function pressed() {
      (board.modes || []).forEach(function (m) { m.button.setAttribute("aria-pressed", String(board.mode === m.name)); });
    }
    pressed();
    var undoButton = button("undo", "Undo", "Undo (Ctrl+Z)", function () { undo(); });
    var redoButton = button("redo", "Redo", "Redo (Ctrl+Y)", function () { redo(); });
    button("check", "Check rules", "Does the grid so far break a rule?", function () { check(); });
    button("mistakes", "Find mistakes", "Marks the cells you set otherwise than the solution has them (help, counted as a hint is)", function () { findMistakes(); });
    button("hint", "Hint", "The next deduction from what you have right (help, counted)", function () { hint(); });
    button("restart", "Start again", "Clear the grid and the timer", function () {
      if (!window.confirm("Clear this puzzle's grid and timer?")) return;
      change(function () { board.decode(""); });
      seconds = 0;
      save();
      show();
    });
    var timer = make("span", { id: "timer", role: "timer", title: "Time played" }, tools);
    // A pause stops the clock and hides the board (no free thinking time);
    // hiding the time keeps the clock running out of sight, on every page
    // from then on.
    var pauseButton = button("pause", "Pause", "Stops the clock and hides the board until you go on", function () { pause(!paused); });
    var timeButton = button("hide-time", "Hide time", "Hides the clock (it keeps running), on every puzzle from now on", function () {
      hideTime(!timer.hidden);
    });
    // The clock and its two buttons go to a second line together, if at all.
    var clockTools = make("span", { "class": "clock-tools" });
    tools.insertBefore(clockTools, timer);
    [timer, pauseButton, timeButton].forEach(function (el) { clockTools.appendChild(el); });
    // Last and quiet, and asking once more: one slip would spoil the puzzle.
    var solutionButton = button("solution", "Show the solution", "Shows the solution over your grid (a second click confirms)", function () { toggleSolution(); });
    solutionButton.classList.add("quiet");

    var saved = loadProgress(key);
    var seconds = saved && saved.time ? saved.time : 0;
    // When it was first solved: kept when the grid is started again.
    var solvedAt = saved && saved.solvedAt ? saved.solvedAt : null;
    // Help taken: hints and mistakes found; whether the solution was shown.
    var help = saved && saved.help ? saved.help : 0;
    var shown = !!(saved && saved.shown);
    if (saved && saved.grid) board.decode(saved.grid);
    var done = [], undone = [];

    function save() {
      var grid = board.encode();
      var started = board.started();
      var solved = board.solved();
      if (solved && !solvedAt) solvedAt = new Date().toISOString();
      var kept = started || seconds > 0 || help > 0 || shown || !!solvedAt;
      var record = { grid: grid, time: seconds, solved: solved, started: started, help: help, shown: shown };
      if (solvedAt) record.solvedAt = solvedAt;
      saveProgress(key, kept ? record : null);
    }

    // `fn` changes the grid; with `merge`, the change is part of the last
    // one (a drag after its press), undone with it. Says if it changed.
    function change(fn, merge) {
      var before = board.encode();
      fn();
      if (board.encode() === before) return false;
      if (!merge) done.push(before);
      undone = [];
      after_change();
      return true;
    }

    function after_change() {
      board.clearMarks();
      hintText.textContent = "";
      board.redraw();
      save();
      show();
    }

    function undo() {
      if (!done.length) return;
      undone.push(board.encode());
      board.decode(done.pop());
      after_change();
    }

    function redo() {
      if (!undone.length) return;
      done.push(board.encode());
      board.decode(undone.pop());
      after_change();
    }

    function helpWords() {
      var words = help ? " Help taken " + help + (help === 1 ? " time" : " times") + "." : "";
      return words + (shown ? " The solution was shown." : "");
    }

    var wasSolved = board.solved();
    function show() {
      if (paused) return;
      var solved = board.solved();
      var now = solved && !wasSolved;
      wasSolved = solved;
      verdict.textContent = solved ? "Solved in " + clock(seconds) + "!" + helpWords() : "";
      verdict.className = solved ? "solved" : "";
      game.classList.toggle("solved", solved);
      timer.textContent = clock(seconds);
      undoButton.disabled = !done.length;
      redoButton.disabled = !undone.length;
      if (now) inView(verdict);
    }

    // Brings `el` into the window where it is out of it (the verdict under
    // a board on a narrow screen), moving the page as little as it can.
    function inView(el) {
      var r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight) el.scrollIntoView({ block: "nearest" });
    }

    function sayVerdict(text, className) {
      verdict.textContent = text;
      verdict.className = className;
      inView(verdict);
    }

    function check() {
      board.clearMarks();
      hintText.textContent = "";
      var broken = board.check();
      if (board.solved()) show();
      else if (broken.length) sayVerdict("Breaks a rule: " + broken.join("; ") + ".", "broken");
      else sayVerdict("No rule broken so far (a cell may still be wrong: Find mistakes compares with the solution).", "fine");
    }

    // The grid against the solution: the cells set otherwise are marked.
    function findMistakes() {
      board.clearMarks();
      hintText.textContent = "";
      if (board.solved()) {
        show();
        return;
      }
      var wrong = board.mistakes();
      help += 1;
      save();
      if (wrong.length) {
        sayVerdict(wrong.length === 1 ? "1 cell is not as the solution has it: marked in red." :
          wrong.length + " cells are not as the solution has them: marked in red.", "broken");
      } else {
        sayVerdict("No mistake so far: every cell you set is as the solution has it.", "fine");
      }
      verdict.setAttribute("data-wrong", wrong.length);
    }

    function hint() {
      board.clearMarks();
      if (board.solved()) {
        hintText.textContent = say("hints", "solved");
        return;
      }
      var step = board.hint();
      if (step) {
        help += 1;
        save();
      }
      hintText.textContent = step ? step : say("hints", "no steps");
      inView(hintText);
    }

    // The solution, shown over the grid after a second click (the first
    // turns the button into the question), and hidden again by a click.
    var asking = null, showing = false;
    function toggleSolution() {
      if (showing) return showSolution(false);
      if (!asking) {
        solutionButton.textContent = "Really show the solution?";
        solutionButton.classList.add("asking");
        asking = setTimeout(stopAsking, 6000);
        return;
      }
      stopAsking();
      shown = true;
      save();
      showSolution(true);
    }
    function stopAsking() {
      if (asking) clearTimeout(asking);
      asking = null;
      solutionButton.classList.remove("asking");
      solutionButton.textContent = showing ? "Hide the solution" : "Show the solution";
    }
    function showSolution(on) {
      showing = on;
      board.showSolution(on);
      game.classList.toggle("revealed", on);
      legend.hidden = !on;
      solutionButton.setAttribute("aria-pressed", String(on));
      stopAsking();
      show();
    }
    // A click elsewhere takes the question back.
    document.addEventListener("click", function (e) {
      if (asking && e.target !== solutionButton) stopAsking();
    }, true);

    var paused = false;
    function pause(on) {
      paused = on;
      game.classList.toggle("paused", on);
      pauseButton.textContent = on ? "Go on" : "Pause";
      // Nothing but going on, or hiding the time, while the board is hidden
      // (a Sudoku's digits to click too).
      Array.prototype.forEach.call(area.root.querySelectorAll("button"), function (b) {
        if (b !== pauseButton && b !== timeButton) b.disabled = on;
      });
      if (on) sayVerdict("Paused: the clock is stopped and the board hidden until you go on.", "fine");
      else {
        verdict.textContent = "";
        show();
      }
    }

    function hideTime(on) {
      timer.hidden = on;
      timeButton.textContent = on ? "Show time" : "Hide time";
      try {
        if (on) window.localStorage.setItem(TIME_HIDDEN, "1");
        else window.localStorage.removeItem(TIME_HIDDEN);
      } catch (e) {
        // No storage: hidden on this page alone.
      }
    }
    var timeHidden = false;
    try { timeHidden = window.localStorage.getItem(TIME_HIDDEN) === "1"; } catch (e) { timeHidden = false; }
    hideTime(timeHidden);

    board.onChange = change;
    // The clock runs while the page is in view, not paused, and the puzzle
    // started and unsolved.
    setInterval(function () {
      if (paused || document.hidden || board.solved() || !board.started()) return;
      seconds += 1;
      timer.textContent = clock(seconds);
      if (seconds % 5 === 0) save();
    }, 1000);
    window.addEventListener("pagehide", save);
    document.addEventListener("keydown", function (e) {
      if (e.target && /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName)) return;
      var k = e.key;
      // A button, a link or the keys' list take their own Space and Enter.
      if ((k === " " || k === "Enter") && e.target && /^(BUTTON|A|SUMMARY)$/.test(e.target.tagName)) return;
      if (paused) return;
      if ((e.ctrlKey || e.metaKey) && (k === "z" || k === "Z")) {
        e.preventDefault();
        if (e.shiftKey) redo(); else undo();
      } else if ((e.ctrlKey || e.metaKey) && (k === "y" || k === "Y")) {
        e.preventDefault();
        redo();
      } else if (!e.ctrlKey && !e.metaKey && !e.altKey && (modeKey(k.toLowerCase()) || (board.key && board.key(e)))) {
        pressed();
        e.preventDefault();
      }
    });
    // The board fits the window, and again when the window changes (a
    // phone turned, a window resized).
    function fit() { fitBoard(board.svg, board.cell, area); }
    var fitting = null;
    window.addEventListener("resize", function () {
      if (fitting) cancelAnimationFrame(fitting);
      fitting = requestAnimationFrame(function () { fitting = null; fit(); });
    });
    // Drawn first: the timer's text may take the tools to a second line,
    // which the board's fit leaves room for.
    board.redraw();
    show();
    fit();
  }

  // Whether the player hid the clock: one choice for every puzzle, kept
  // apart from the puzzles' progress.
  var TIME_HIDDEN = "aquarchive.time-hidden";

  // A played board's rows, for a screen reader: a group of role row each,
  // in `parent`, to hold the row's cells (role gridcell, see cellWords).
  function gridRows(parent, h) {
    var rows = [];
    for (var r = 0; r < h; r++) rows.push(svg("g", { role: "row" }, parent));
    return rows;
  }

  // A cell's name for a screen reader: its row, its column and `state`.
  function cellWords(r, c, state) {
    return "row " + (r + 1) + ", column " + (c + 1) + ": " + state;
  }

  // Where an arrow key `k` moves the cursor `at` on a board `w` x `h`,
  // round at the edges.
  function moved(at, k, w, h) {
    var r = Math.floor(at / w), c = at % w;
    if (k === "ArrowUp") r = (r + h - 1) % h;
    if (k === "ArrowDown") r = (r + 1) % h;
    if (k === "ArrowLeft") c = (c + w - 1) % w;
    if (k === "ArrowRight") c = (c + 1) % w;
    return r * w + c;
  }

  // ---------------------------------------------------------------------
  // Aquarium. The page gives the puzzle as its puz.link address (the
  // `#puzzlink` link: the tank walls and the clues), the solution as bits,
  // and the logical solution's steps. How a board looks (the side of a
  // cell, the font, each layer's SVG attributes) is BOARD, which the export
  // writes before this script as its own pictures are drawn.
  var AQ = typeof BOARD === "object" && BOARD ? BOARD : { layers: {}, layouts: {} };
  var AQ_CELL = AQ.cell;
  // The ink of a shown solution's hatching, dark enough to show on water.
  var SHOWN_INK = "#12407a";

  // The attributes of BOARD's layer `name`, with `attrs` beside them.
  function layer(name, attrs) {
    var out = {}, look = AQ.layers[name] || {};
    Object.keys(look).forEach(function (k) { out[k] = look[k]; });
    Object.keys(attrs || {}).forEach(function (k) { out[k] = attrs[k]; });
    return out;
  }

  // pzprjs's Aquarium encoding: [r/]cols/rows/walls/clues.
  function readPuzzlink(url) {
    var parts = url.slice(url.indexOf("aquarium/") + "aquarium/".length).split("/");
    if (parts[0] === "r") parts.shift();
    var w = parseInt(parts[0], 10), h = parseInt(parts[1], 10), walls = parts[2] || "", clueText = parts[3] || "";
    var nRight = (w - 1) * h, nBelow = w * (h - 1);
    var split = Math.ceil(nRight / 5);
    var right = bits(walls.slice(0, split), nRight), below = bits(walls.slice(split), nBelow);
    // Tanks: the regions the walls enclose, numbered in reading order.
    var tank = [], count = 0;
    for (var i = 0; i < w * h; i++) tank.push(-1);
    for (var start = 0; start < w * h; start++) {
      if (tank[start] >= 0) continue;
      var stack = [start];
      tank[start] = count;
      while (stack.length) {
        var cell = stack.pop(), r = Math.floor(cell / w), c = cell % w;
        var next = [];
        if (c > 0 && !right[r * (w - 1) + c - 1]) next.push(cell - 1);
        if (c < w - 1 && !right[r * (w - 1) + c]) next.push(cell + 1);
        if (r > 0 && !below[(r - 1) * w + c]) next.push(cell - w);
        if (r < h - 1 && !below[r * w + c]) next.push(cell + w);
        next.forEach(function (n) {
          if (tank[n] < 0) {
            tank[n] = count;
            stack.push(n);
          }
        });
      }
      count++;
    }
    var clues = [];
    for (var j = 0; j < clueText.length && clues.length < w + h; j++) {
      var ch = clueText.charAt(j);
      if (/[0-9a-f]/.test(ch)) clues.push(parseInt(ch, 16));
      else if (ch === "-") { clues.push(parseInt(clueText.substr(j + 1, 2), 16)); j += 2; }
      else if (ch === "+") { clues.push(parseInt(clueText.substr(j + 1, 3), 16)); j += 3; }
      else if (ch === ".") clues.push(null);
      else if (ch >= "g" && ch <= "z") for (var n = parseInt(ch, 36) - 15; n > 0; n--) clues.push(null);
    }
    return {
      w: w, h: h, tank: tank, tanks: count, cols: clues.slice(0, w), rows: clues.slice(w, w + h),
      right: function (r, c) { return right[r * (w - 1) + c]; },
      below: function (r, c) { return below[r * w + c]; }
    };
  }

  // The steps as the page gives them: the techniques they use, each step's
  // technique (a base-36 digit), and each cell's step (one or two digits of
  // 0-9, a-z, A-Z; the highest number for no step).
  var DIGITS = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

  function readSteps(game, cells) {
    var names = (game.getAttribute("data-techniques") || "").split("|");
    var steps = (game.getAttribute("data-steps") || "").split("").map(function (ch) {
      return { technique: names[parseInt(ch, 36)] || "", cells: [] };
    });
    var order = game.getAttribute("data-order") || "";
    var width = Math.round(order.length / cells);
    for (var k = 0; width > 0 && k < cells; k++) {
      var n = 0;
      for (var d = 0; d < width; d++) n = n * 62 + DIGITS.indexOf(order.charAt(k * width + d));
      if (n < steps.length) steps[n].cells.push(k);
    }
    return steps;
  }

  // What the cells of a step settle, tank by tank, in the templates of
  // WORDS.settled, as the grader says it: each tank's rows of air and of
  // water, from the first to the last, the tanks in order.
  function settledWords(cells, p, solution) {
    var byTank = {}, tanks = [];
    cells.forEach(function (cell) {
      var t = p.tank[cell], r = Math.floor(cell / p.w), k = solution[cell] ? 1 : 0;
      if (!byTank[t]) { byTank[t] = [null, null]; tanks.push(t); }
      var span = byTank[t][k];
      byTank[t][k] = span ? [Math.min(span[0], r), Math.max(span[1], r + 1)] : [r, r + 1];
    });
    function part(name, span) {
      if (!span) return "";
      var rows = span[1] === span[0] + 1 ? say("settled", "row", { row: span[0] + 1 }) :
        say("settled", "rows", { from: span[0] + 1, to: span[1] });
      return say("settled", name, { rows: rows });
    }
    tanks.sort(function (a, b) { return a - b; });
    return tanks.map(function (t) {
      var air = part("air", byTank[t][0]), water = part("water", byTank[t][1]);
      var what = air && water ? say("settled", "air and water", { air: air, water: water }) : air || water;
      return say("settled", "tank", { tank: t + 1, what: what });
    }).join(say("settled", "between tanks"));
  }

  // The tank walls as render::svg::aquarium's wall_path draws them: the
  // sides between cells that the puzz.link address marks as walls (the
  // export writes them there from the tanks) and the grid's outline, each
  // boundary's walls in runs, in cells from `origin`.
  function wallPath(p, origin) {
    var w = p.w, h = p.h, d = "";
    function x(c) { return (origin + c) * AQ_CELL; }
    function runs(len, holds, each) {
      for (var at = 0; at < len;) {
        if (!holds(at)) { at++; continue; }
        var start = at;
        while (at < len && holds(at)) at++;
        each(start, at);
      }
    }
    function across(b) { return function (c) { return b === 0 || b === h || !!p.below(b - 1, c); }; }
    function down(v) { return function (r) { return v === 0 || v === w || !!p.right(r, v - 1); }; }
    for (var b = 0; b <= h; b++) runs(w, across(b), function (s, e) { d += "M" + x(s) + " " + x(b) + "H" + x(e); });
    for (var v = 0; v <= w; v++) runs(h, down(v), function (s, e) { d += "M" + x(v) + " " + x(s) + "V" + x(e); });
    return d;
  }

  // Draws an Aquarium as the site does (white cells, thin grey lines,
  // thick black tank walls, the column clues above and the row clues to the
  // left, each with the water it still needs beside it) into `parent`. With
  // `solution`, the board is for play: a group per cell, the solution's water
  // hidden until revealed, and a layer for hints.
  function drawAquarium(p, parent, solution) {
    var w = p.w, h = p.h, n = w * h, out = {};
    var at = AQ.layouts[solution ? "played" : "picture"], origin = at.origin;
    var x0 = origin * AQ_CELL, y0 = origin * AQ_CELL;
    var width = x0 + w * AQ_CELL + 2, height = y0 + h * AQ_CELL + 2;
    var root = svg("svg", {
      "class": "board aquarium", width: width, height: height, viewBox: "0 0 " + width + " " + height,
      "font-family": AQ.font
    }, parent);
    svg("rect", layer("cells", { x: x0, y: y0, width: w * AQ_CELL, height: h * AQ_CELL }), root);
    if (solution) {
      out.play = svg("g", { "class": "play" }, root);
      out.cells = [];
      var rows = gridRows(out.play, h);
      for (var k = 0; k < n; k++) {
        var r = Math.floor(k / w), c = k % w;
        var g = svg("g", { "class": "cell", id: "cell-" + r + "-" + c, role: "gridcell", "data-r": r, "data-c": c, "data-state": "empty" }, rows[r]);
        svg("rect", { x: x0 + c * AQ_CELL, y: y0 + r * AQ_CELL, width: AQ_CELL, height: AQ_CELL }, g);
        svg("circle", { "class": "air-mark", cx: x0 + (c + 0.5) * AQ_CELL, cy: y0 + (r + 0.5) * AQ_CELL, r: 3 }, g);
        out.cells.push(g);
      }
      // The solution, hidden until shown, and then hatched over the
      // player's cells (dark stripes on white where the player has no
      // water, on the water where both have it; the player's water alone
      // is plain).
      var defs = svg("defs", {}, root);
      var hatch = svg("pattern", {
        id: "shown-water", patternUnits: "userSpaceOnUse", width: 8, height: 8, patternTransform: "rotate(45)"
      }, defs);
      svg("rect", { "class": "hatch-ground", width: 8, height: 8, fill: (AQ.layers.water || {}).fill || "", "fill-opacity": 0.25 }, hatch);
      svg("rect", { "class": "hatch-ink", width: 2.5, height: 8, fill: SHOWN_INK }, hatch);
      var sol = svg("g", layer("water", { fill: "url(#shown-water)" }), root);
      for (var s = 0; s < n; s++) {
        if (solution[s]) svg("rect", { x: x0 + (s % w) * AQ_CELL, y: y0 + Math.floor(s / w) * AQ_CELL, width: AQ_CELL, height: AQ_CELL }, sol);
      }
    }
    var grid = "";
    for (var gr = 1; gr < h; gr++) grid += "M" + x0 + " " + (y0 + gr * AQ_CELL) + "H" + (x0 + w * AQ_CELL);
    for (var gc = 1; gc < w; gc++) grid += "M" + (x0 + gc * AQ_CELL) + " " + y0 + "V" + (y0 + h * AQ_CELL);
    svg("path", layer("grid", { d: grid }), root);
    var walls = wallPath(p, origin);
    svg("path", layer("walls", { d: walls }), root);
    if (solution) {
      out.hints = svg("g", { "class": "hints" }, root);
      out.mistakes = svg("g", { "class": "mistakes" }, root);
      // The cell the keys play, shown once a key moved it or the board
      // has the focus.
      out.cursor = svg("rect", { "class": "cursor", x: x0, y: y0, width: AQ_CELL, height: AQ_CELL }, root);
    }
    var clues = svg("g", layer("clues", { "font-size": AQ.fontSize * AQ_CELL }), root);
    var counters = solution && at.counter !== null;
    out.colLeft = [];
    out.rowLeft = [];
    p.cols.forEach(function (clue, c) {
      var x = x0 + (c + 0.5) * AQ_CELL;
      svg("text", { "class": "clue", x: x, y: (at.clue + AQ.baseline) * AQ_CELL, text: clue === null ? "" : clue }, clues);
      if (counters) out.colLeft.push(svg("text", { "class": "left", x: x, y: (at.counter + AQ.baseline) * AQ_CELL }, clues));
    });
    p.rows.forEach(function (clue, r) {
      var y = y0 + (r + 0.5 + AQ.baseline) * AQ_CELL;
      svg("text", { "class": "clue", x: at.clue * AQ_CELL, y: y, text: clue === null ? "" : clue }, clues);
      if (counters) out.rowLeft.push(svg("text", { "class": "left", x: at.counter * AQ_CELL, y: y }, clues));
    });
    // The two bands of numbers named in the corner they share, level with
    // the column numbers: the clue, and the water still to place.
    if (counters) {
      var label = function (text, row) {
        svg("text", { "class": "band", x: x0 - 0.1 * AQ_CELL, y: (row + AQ.baseline) * AQ_CELL, text: text }, clues);
      };
      label("clue", at.clue);
      label("to place", at.counter);
    }
    return out;
  }

  function setupAquarium(game) {
    var link = document.getElementById("puzzlink");
    if (!link) return;
    var p = readPuzzlink(link.getAttribute("href"));
    var w = p.w, h = p.h, n = w * h;
    var solution = bits(game.getAttribute("data-solution") || "", n);
    var steps = readSteps(game, n);
    // Each cell: "empty", "water" or "air".
    var state = [];
    for (var i = 0; i < n; i++) state.push("empty");
    var x0 = AQ.layouts.played.origin * AQ_CELL, y0 = x0;
    var drawn = drawAquarium(p, game, solution);
    // Water played is the colour of the solution's (the legend's too) in
    // the light look; the dark look has its own (style.css).
    document.documentElement.style.setProperty("--board-water", (AQ.layers.water || {}).fill || "");
    var play = drawn.play, rects = drawn.cells, hints = drawn.hints, colLeft = drawn.colLeft, rowLeft = drawn.rowLeft;
    var mistakes = drawn.mistakes, cursorMark = drawn.cursor;
    // The cell the keys play (the first, until a key or a click moves it).
    var cursor = 0;

    var tankCells = [];
    for (var t = 0; t < p.tanks; t++) tankCells.push([]);
    p.tank.forEach(function (t, cell) { tankCells[t].push(cell); });

    // A click with water: the tank fills from its bottom up to this row,
    // and its water above is gone; on the tank's top water row, the level
    // goes one row down. With air: the tank's cells of this row and above
    // are air; on its lowest air row, that row is air no more.
    function water(cell) {
      var r = Math.floor(cell / w), mine = tankCells[p.tank[cell]];
      var top = state[cell] === "water" && !mine.some(function (o) { return Math.floor(o / w) < r && state[o] === "water"; });
      mine.forEach(function (o) {
        var ro = Math.floor(o / w);
        if (top) { if (ro === r) state[o] = "empty"; }
        else if (ro >= r) state[o] = "water";
        else if (state[o] === "water") state[o] = "empty";
      });
    }

    function air(cell) {
      var r = Math.floor(cell / w), mine = tankCells[p.tank[cell]];
      var bottom = state[cell] === "air" && !mine.some(function (o) { return Math.floor(o / w) > r && state[o] === "air"; });
      mine.forEach(function (o) {
        var ro = Math.floor(o / w);
        if (bottom) { if (ro === r) state[o] = "empty"; }
        else if (ro <= r) state[o] = "air";
      });
    }

    var board = {
      svg: game.querySelector("svg"),
      cell: AQ_CELL,
      name: "Aquarium, " + w + " by " + h,
      legend: [["shown-water", "the solution's water"], ["your-water", "your water"]],
      keys: [
        ["\u2190 \u2191 \u2192 \u2193", "move the cursor"],
        ["Space, Enter", "play the cursor's cell as a click does (water, or air with Air)"],
        ["Shift+Space, Shift+Enter", "air, as a right click"],
        ["Backspace, Delete, 0", "empty the cell (and the tank's water above it, or air below)"],
        ["W, A, X", "what a click plays: water, air, the other"]
      ],
      mode: "water",
      modes: [
        { name: "water", key: "w", id: "mode-water", text: "Water", title: "A click fills the tank up to that row (key W; X switches)" },
        { name: "air", key: "a", id: "mode-air", text: "Air", title: "A click marks the tank's cells of that row and above as air (key A, or a right click)" }
      ],
      switchKey: "x",
      key: function (e) {
        var k = e.key.toLowerCase();
        if (/^arrow/.test(k)) { cursor = moved(cursor, e.key, w, h); showCursor(); }
        // The keys that play a cell, only while the cursor is shown or the
        // board has the focus: elsewhere Space still scrolls the page.
        else if (!game.classList.contains("keyed") && document.activeElement !== board.svg) return false;
        else if (k === " " || k === "enter") {
          showCursor();
          var at = cursor;
          board.onChange(function () { (e.shiftKey || board.mode === "air" ? air : water)(at); });
        } else if (k === "backspace" || k === "delete" || k === "0") {
          showCursor();
          var here = cursor, was = state[here];
          if (was !== "empty") board.onChange(function () { fill(here, "empty", was); });
        } else return false;
        return true;
      },
      encode: function () {
        return state.map(function (s) { return s === "water" ? "w" : s === "air" ? "a" : "."; }).join("");
      },
      decode: function (text) {
        for (var i = 0; i < n; i++) {
          var ch = text.charAt(i);
          state[i] = ch === "w" ? "water" : ch === "a" ? "air" : "empty";
        }
      },
      started: function () {
        return state.some(function (s) { return s !== "empty"; });
      },
      solved: function () {
        for (var i = 0; i < n; i++) if ((state[i] === "water") !== !!solution[i]) return false;
        return true;
      },
      redraw: function () {
        rects.forEach(function (g, i) {
          g.setAttribute("data-state", state[i]);
          g.setAttribute("aria-label", cellWords(Math.floor(i / w), i % w, state[i]));
        });
        placeCursor();
        var counts = lineCounts();
        p.cols.forEach(function (clue, c) { setLeft(colLeft[c], clue, counts.colWater[c], counts.colAir[c], h); });
        p.rows.forEach(function (clue, r) { setLeft(rowLeft[r], clue, counts.rowWater[r], counts.rowAir[r], w); });
      },
      check: function () {
        var out = [], counts = lineCounts();
        function line(what, index, clue, water, airs, size) {
          if (clue === null) return;
          if (water > clue) out.push(what + " " + (index + 1) + " has " + water + " water for its " + clue);
          else if (size - airs < clue) out.push(what + " " + (index + 1) + " has room left for " + (size - airs) + " water, not " + clue);
        }
        p.rows.forEach(function (clue, r) { line("row", r, clue, counts.rowWater[r], counts.rowAir[r], w); });
        p.cols.forEach(function (clue, c) { line("column", c, clue, counts.colWater[c], counts.colAir[c], h); });
        // One level per tank: nothing but water below a tank's water.
        tankCells.forEach(function (mine, t) {
          var top = h;
          mine.forEach(function (o) { if (state[o] === "water") top = Math.min(top, Math.floor(o / w)); });
          if (mine.some(function (o) { return Math.floor(o / w) >= top && state[o] === "air"; })) {
            out.push("tank " + (t + 1) + " has air below its water level");
          }
        });
        return out;
      },
      hint: function () {
        // The first step that settles a cell not yet right: empty cells,
        // and wrong ones, are not taken as known.
        for (var i = 0; i < steps.length; i++) {
          var step = steps[i];
          var open = step.cells.some(function (cell) { return state[cell] !== (solution[cell] ? "water" : "air"); });
          if (!open) continue;
          step.cells.forEach(function (cell) {
            var r = Math.floor(cell / w), c = cell % w;
            rects[cell].setAttribute("data-hint", solution[cell] ? "water" : "air");
            svg("rect", { x: x0 + c * AQ_CELL + 2, y: y0 + r * AQ_CELL + 2, width: AQ_CELL - 4, height: AQ_CELL - 4 }, hints);
          });
          var about = (SAID.techniques || {})[step.technique];
          return say("hints", about ? "aquarium step" : "aquarium step unexplained", {
            step: i + 1, steps: steps.length, technique: step.technique, about: about,
            settled: settledWords(step.cells, p, solution)
          });
        }
        return steps.length ? say("hints", "aquarium done") : null;
      },
      mistakes: function () {
        var wrong = [];
        state.forEach(function (st, cell) {
          if (st === "empty" || (st === "water") === !!solution[cell]) return;
          var r = Math.floor(cell / w), c = cell % w;
          wrong.push(cell);
          rects[cell].setAttribute("data-wrong", "");
          svg("rect", { x: x0 + c * AQ_CELL + 2, y: y0 + r * AQ_CELL + 2, width: AQ_CELL - 4, height: AQ_CELL - 4 }, mistakes);
        });
        return wrong;
      },
      clearMarks: function () {
        hints.textContent = "";
        mistakes.textContent = "";
        rects.forEach(function (g) { g.removeAttribute("data-hint"); g.removeAttribute("data-wrong"); });
      },
      // Shown by the page's class (`revealed`), drawn once.
      showSolution: function () {}
    };

    // The cursor's mark on its cell, and the cell the grid names as active.
    function placeCursor() {
      cursorMark.setAttribute("x", x0 + (cursor % w) * AQ_CELL);
      cursorMark.setAttribute("y", y0 + Math.floor(cursor / w) * AQ_CELL);
      board.svg.setAttribute("aria-activedescendant", rects[cursor].id);
    }
    function showCursor() {
      game.classList.add("keyed");
      placeCursor();
    }

    function lineCounts() {
      var out = { rowWater: [], rowAir: [], colWater: [], colAir: [] };
      for (var r = 0; r < h; r++) { out.rowWater.push(0); out.rowAir.push(0); }
      for (var c = 0; c < w; c++) { out.colWater.push(0); out.colAir.push(0); }
      state.forEach(function (s, i) {
        if (s === "water") { out.rowWater[Math.floor(i / w)]++; out.colWater[i % w]++; }
        if (s === "air") { out.rowAir[Math.floor(i / w)]++; out.colAir[i % w]++; }
      });
      return out;
    }

    // What a line still needs: its water left to place; green when done
    // (water and air all placed), red when past its clue.
    function setLeft(text, clue, water, airs, size) {
      if (clue === null) return;
      var left = clue - water;
      text.textContent = left;
      text.setAttribute("class", left < 0 ? "left over" : left === 0 && water + airs === size ? "left done" : "left");
    }

    // Play by pointer, mouse, touch or pen alike, as on the site: a press
    // on a cell plays it as a click does (water, or air with the Air mode,
    // the right button or Shift), and a drag from there gives each cell
    // it passes over the pressed cell's new state (see `fill`), the whole
    // drag one step to undo.
    var drag = null;
    function cellAt(x, y) {
      var el = document.elementFromPoint(x, y);
      var g = el && el.closest ? el.closest(".cell") : null;
      if (!g || !play.contains(g)) return -1;
      return parseInt(g.getAttribute("data-r"), 10) * w + parseInt(g.getAttribute("data-c"), 10);
    }
    play.addEventListener("pointerdown", function (e) {
      if (e.button !== 0 && e.button !== 2) return;
      var g = e.target.closest ? e.target.closest(".cell") : null;
      if (!g) return;
      var cell = parseInt(g.getAttribute("data-r"), 10) * w + parseInt(g.getAttribute("data-c"), 10);
      // No text selected by a drag, no mouse events after a touch.
      e.preventDefault();
      // A touch is held by the element it started on: the cells it moves
      // over are found by where it is (cellAt), and it is let go here.
      if (e.target.hasPointerCapture && e.target.hasPointerCapture(e.pointerId)) e.target.releasePointerCapture(e.pointerId);
      var was = state[cell];
      cursor = cell;
      placeCursor();
      var changed = board.onChange(function () { (e.button === 2 || e.shiftKey || board.mode === "air" ? air : water)(cell); });
      drag = { id: e.pointerId, state: state[cell], was: was, passed: {}, changed: changed };
      drag.passed[cell] = true;
    });
    document.addEventListener("pointermove", function (e) {
      if (!drag || e.pointerId !== drag.id) return;
      var cell = cellAt(e.clientX, e.clientY);
      if (cell < 0 || drag.passed[cell]) return;
      drag.passed[cell] = true;
      var d = drag;
      if (board.onChange(function () { fill(cell, d.state, d.was); }, d.changed)) d.changed = true;
    });
    function endDrag(e) {
      if (drag && e.pointerId === drag.id) drag = null;
    }
    document.addEventListener("pointerup", endDrag);
    document.addEventListener("pointercancel", endDrag);
    // The right button plays air (on its press), not the browser's menu.
    play.addEventListener("contextmenu", function (e) { e.preventDefault(); });
    // A finger on a cell plays, so it must not scroll the page: a touch
    // that starts on a cell is kept from scrolling (touch-action cannot
    // say so for parts of an SVG), while one on the clues or the margin
    // still pans a board wider than the screen.
    play.addEventListener("touchstart", function (e) {
      if (e.touches.length === 1 && e.target.closest && e.target.closest(".cell")) e.preventDefault();
    }, { passive: false });

    // A cell a drag passes over takes `to`, the pressed cell's new state,
    // as the tank's water allows, and nothing is taken away but what the
    // press took: water fills the tank from its bottom up to the cell,
    // air marks the tank's cells of its row and above; where the press
    // emptied its cell (`was` water or air), the tank's water at and above
    // the row, or its air at and below, is emptied. So a drag down a tank
    // or across a row leaves every cell it passed as the first one.
    function fill(cell, to, was) {
      var r = Math.floor(cell / w);
      tankCells[p.tank[cell]].forEach(function (o) {
        var ro = Math.floor(o / w);
        if (to === "water" && ro >= r) state[o] = "water";
        else if (to === "air" && ro <= r) state[o] = "air";
        else if (to === "empty" && state[o] === was && (was === "water" ? ro <= r : ro >= r)) state[o] = "empty";
      });
      state[cell] = to;
    }
    setupPlay(game, board);
  }

  // ---------------------------------------------------------------------
  // Sudoku. The page's picture has the givens and the hidden solution; the
  // play goes on top of it: the page gives the givens and the solution as
  // 81 digits each, and the grader's steps.
  function setupSudoku(game) {
    var root = game.querySelector("svg");
    var givens = game.getAttribute("data-givens") || "";
    var solution = game.getAttribute("data-solution") || "";
    if (!root || givens.length !== 81 || solution.length !== 81) return;
    var frame = root.querySelector("rect");
    var m = parseFloat(frame.getAttribute("x")), size = parseFloat(frame.getAttribute("width")) / 9;
    // Steps, one a line: the digits placed, "/", the candidates removed
    // (each three characters: the cell's index in two digits, then the
    // digit), a space, and the words.
    var steps = (game.getAttribute("data-hints") || "").split("\n").filter(function (l) { return l; }).map(function (line) {
      var space = line.indexOf(" ");
      var code = (space < 0 ? line : line.slice(0, space)).split("/");
      function triples(t) {
        var out = [];
        for (var i = 0; i + 3 <= (t || "").length; i += 3) out.push([parseInt(t.substr(i, 2), 10), t.charAt(i + 2)]);
        return out;
      }
      return { placed: triples(code[0]), removed: triples(code[1]), text: space < 0 ? "" : line.slice(space + 1) };
    });
    var digits = [], marks = [];
    for (var i = 0; i < 81; i++) { digits.push(givens.charAt(i) === "0" ? "" : givens.charAt(i)); marks.push(""); }
    var selected = -1;
    var play = svg("g", { "class": "play" });
    root.insertBefore(play, frame.nextSibling);
    var cells = [];
    var rows = gridRows(play, 9);
    for (var k = 0; k < 81; k++) {
      var r = Math.floor(k / 9), c = k % 9;
      var given = givens.charAt(k) !== "0";
      var g = svg("g", { "class": "cell", id: "cell-" + r + "-" + c, role: "gridcell", "data-r": r, "data-c": c, "data-state": given ? givens.charAt(k) : "empty" }, rows[r]);
      if (given) g.setAttribute("data-given", "");
      svg("rect", { x: m + c * size, y: m + r * size, width: size, height: size }, g);
      var text = svg("text", { "class": "digit", x: m + (c + 0.5) * size, y: m + (r + 0.5) * size + size * 0.22, "font-size": size * 0.6, "text-anchor": "middle" }, g);
      // Placed at the cell, so that the cell's box is its square alone.
      var pencil = svg("text", { "class": "pencil", x: m + (c + 0.5) * size, y: m + (r + 0.5) * size, "font-size": size * 0.26, "text-anchor": "middle" }, g);
      for (var d = 1; d <= 9; d++) {
        svg("tspan", { x: m + (c + (((d - 1) % 3) + 0.5) / 3) * size, y: m + (r + (Math.floor((d - 1) / 3) + 0.75) / 3) * size }, pencil);
      }
      cells.push({ g: g, text: text, pencil: pencil, given: given });
    }

    // The solution when shown: its digit in each cell the player has not
    // filled (hollow), and small in the corner of a cell the player filled
    // otherwise; drawn by `redraw` while shown.
    var shownLayer = svg("g", { "class": "shown-solution", "text-anchor": "middle" }, root);
    var showing = false;
    function drawShown() {
      shownLayer.textContent = "";
      if (!showing) return;
      cells.forEach(function (cell, i) {
        var d = solution.charAt(i), r = Math.floor(i / 9), c = i % 9;
        if (cell.given || digits[i] === d) return;
        if (!digits[i]) {
          svg("text", { "class": "whole", x: m + (c + 0.5) * size, y: m + (r + 0.5) * size + size * 0.22, "font-size": size * 0.6, text: d }, shownLayer);
        } else {
          svg("text", { "class": "corner", x: m + (c + 0.82) * size, y: m + (r + 0.3) * size, "font-size": size * 0.28, text: d }, shownLayer);
        }
      });
    }

    var board = {
      svg: root,
      cell: size,
      name: "Sudoku, 9 by 9",
      keys: [
        ["\u2190 \u2191 \u2192 \u2193", "move the selected cell"],
        ["1 to 9", "the digit (again: takes it out)"],
        ["Backspace, Delete, 0", "empty the cell"],
        ["P, D", "pencil marks, digits"]
      ],
      legend: [["shown-digit", "the solution (small: where yours differs)", "5"], ["your-digit", "your digits", "5"]],
      mode: "digit",
      modes: [
        { name: "digit", key: "d", id: "mode-digit", text: "Digits", title: "Typed digits fill the cell (key D; P switches)" },
        { name: "pencil", id: "mode-pencil", text: "Pencil", title: "Typed digits are pencil marks (key P)" }
      ],
      switchKey: "p",
      key: function (e) {
        var k = e.key;
        if (/^[1-9]$/.test(k)) enter(k);
        else if (k === "Backspace" || k === "Delete" || k === "0") enter("");
        else if (/^Arrow/.test(k)) move(k);
        else return false;
        return true;
      },
      encode: function () {
        return digits.map(function (d, i) { return cells[i].given ? "" : d || marks[i] ? d + (marks[i] ? ":" + marks[i] : "") : ""; }).join(",");
      },
      decode: function (text) {
        var parts = text ? text.split(",") : [];
        for (var i = 0; i < 81; i++) {
          if (cells[i].given) continue;
          var part = (parts[i] || "").split(":");
          digits[i] = /^[1-9]$/.test(part[0]) ? part[0] : "";
          marks[i] = (part[1] || "").replace(/[^1-9]/g, "");
        }
      },
      started: function () {
        return digits.some(function (d, i) { return d && !cells[i].given; }) || marks.some(function (p) { return p; });
      },
      solved: function () {
        return digits.join("") === solution;
      },
      redraw: function () {
        cells.forEach(function (cell, i) {
          cell.g.setAttribute("data-state", digits[i] || "empty");
          cell.text.textContent = cell.given ? "" : digits[i];
          var spans = cell.pencil.childNodes;
          for (var d = 1; d <= 9; d++) spans[d - 1].textContent = !digits[i] && marks[i].indexOf(String(d)) >= 0 ? d : "";
          cell.g.classList.toggle("selected", i === selected);
          var what = digits[i] ? digits[i] + (cell.given ? ", given" : "") :
            "empty" + (marks[i] ? ", pencil marks " + marks[i].split("").join(" ") : "");
          cell.g.setAttribute("aria-label", cellWords(Math.floor(i / 9), i % 9, what));
        });
        root.setAttribute("aria-activedescendant", cells[selected < 0 ? 0 : selected].g.id);
        drawShown();
      },
      check: function () {
        var out = [];
        function unit(name, list) {
          var seen = {};
          list.forEach(function (i) {
            var d = digits[i];
            if (!d) return;
            if (seen[d] !== undefined && out.length < 5) out.push("two " + d + "s in " + name);
            seen[d] = i;
          });
        }
        for (var u = 0; u < 9; u++) {
          var row = [], col = [], box = [];
          for (var j = 0; j < 9; j++) {
            row.push(u * 9 + j);
            col.push(j * 9 + u);
            box.push((Math.floor(u / 3) * 3 + Math.floor(j / 3)) * 9 + (u % 3) * 3 + (j % 3));
          }
          unit("row " + (u + 1), row);
          unit("column " + (u + 1), col);
          unit("box " + (u + 1), box);
        }
        return out;
      },
      hint: function () {
        // A placing step is done when its digits are in; a step that only
        // removes candidates, when the pencil marks have them out or the
        // placing step after it is done.
        function placedDone(step) {
          return step.placed.every(function (pd) { return digits[pd[0]] === pd[1]; });
        }
        function removedDone(step) {
          return step.removed.every(function (rd) {
            var i = rd[0];
            return digits[i] === solution.charAt(i) || (marks[i] && marks[i].indexOf(rd[1]) < 0);
          });
        }
        for (var s = 0; s < steps.length; s++) {
          var step = steps[s];
          if (step.placed.length ? placedDone(step) : removedDone(step)) continue;
          if (!step.placed.length) {
            var nextPlacing = steps.slice(s + 1).filter(function (t) { return t.placed.length; })[0];
            if (nextPlacing && placedDone(nextPlacing)) continue;
          }
          step.placed.forEach(function (pd) { cells[pd[0]].g.setAttribute("data-hint", pd[1]); });
          step.removed.forEach(function (rd) {
            var g = cells[rd[0]].g;
            if (!g.getAttribute("data-hint")) g.setAttribute("data-hint", "not " + rd[1]);
          });
          return say("hints", "sudoku step", { step: s + 1, steps: steps.length, text: step.text });
        }
        return steps.length ? say("hints", "sudoku done") : null;
      },
      mistakes: function () {
        var wrong = [];
        cells.forEach(function (cell, i) {
          if (cell.given || !digits[i] || digits[i] === solution.charAt(i)) return;
          wrong.push(i);
          cell.g.setAttribute("data-wrong", "");
        });
        return wrong;
      },
      clearMarks: function () {
        cells.forEach(function (cell) { cell.g.removeAttribute("data-hint"); cell.g.removeAttribute("data-wrong"); });
      },
      showSolution: function (on) {
        showing = on;
        drawShown();
      },
      // Digits to click, for a screen without a keyboard, beside the words.
      fillSide: function (side) {
        var pad = make("div", { "class": "pad" }, side);
        "123456789".split("").concat([""]).forEach(function (d) {
          var b = make("button", { type: "button", "data-digit": d, text: d || "Erase" }, pad);
          b.addEventListener("click", function () { enter(d); });
        });
      }
    };

    function enter(d) {
      if (selected < 0 || cells[selected].given) return;
      var cell = selected;
      board.onChange(function () {
        if (d === "") { digits[cell] = ""; marks[cell] = ""; }
        else if (board.mode === "pencil") {
          marks[cell] = marks[cell].indexOf(d) >= 0 ? marks[cell].replace(d, "") : (marks[cell] + d).split("").sort().join("");
        } else digits[cell] = digits[cell] === d ? "" : d;
      });
    }

    function move(k) {
      selected = moved(selected < 0 ? 0 : selected, k, 9, 9);
      board.redraw();
    }

    play.addEventListener("click", function (e) {
      var g = e.target.closest ? e.target.closest(".cell") : null;
      if (!g) return;
      selected = parseInt(g.getAttribute("data-r"), 10) * 9 + parseInt(g.getAttribute("data-c"), 10);
      board.redraw();
    });
    setupPlay(game, board);
  }

  // The archive's progress first, so that every part below sees it.
  if (typeof PROGRESS === "object" && PROGRESS) {
    var written = checkProgressFile(PROGRESS);
    if (written.records) mergeProgress(written.records);
  }
  setupIndex();
  setupToday();
  setupProgressFile();
  var game = document.getElementById("game");
  if (game && game.getAttribute("data-kind") === "aquarium") setupAquarium(game);
  if (game && game.getAttribute("data-kind") === "sudoku") setupSudoku(game);
})();
