-- The aquarchive database, version 4 (`user_version`; the binary's
-- `store::VERSION`). Embedded in the binary (src/store) and run once on a
-- new file. A change to it is a new version, with a step in
-- src/store/migrate.rs that takes a file of the version before to it, run
-- in place when it is opened; docs/archive.md describes the format.
--
-- Times are UTC text, 'YYYY-MM-DDTHH:MM:SS.sssZ', so they sort and compare
-- as strings. `kind` is free text ('aquarium', 'sudoku', ...): the store keeps
-- puzzles as texts and numbers and never parses them.

-- Raw bytes of every page fetched, stored once however often they are seen.
CREATE TABLE snapshots (
    sha256       TEXT PRIMARY KEY,
    bytes        BLOB NOT NULL,
    content_type TEXT,
    first_seen   TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

-- Every fetch attempt, failed ones too, with how hard it was: `attempts`,
-- the requests made for it (the first and its retries); `busy`, the answers
-- among them that asked to slow down (HTTP 429 or 503); `waited_ms`, the time
-- slept before retries (backoff, or what the site's Retry-After asked).
CREATE TABLE fetches (
    id          INTEGER PRIMARY KEY,
    url         TEXT NOT NULL,
    method      TEXT NOT NULL,
    fetched_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    http_status INTEGER,
    error       TEXT,
    snapshot    TEXT REFERENCES snapshots (sha256),
    attempts    INTEGER CHECK (attempts >= 0),
    busy        INTEGER CHECK (busy >= 0),
    waited_ms   INTEGER CHECK (waited_ms >= 0)
);

CREATE TABLE puzzles (
    id                INTEGER PRIMARY KEY,
    kind              TEXT NOT NULL,
    -- Where it came from: a file path (with its line), a URL, 'generated'.
    source            TEXT NOT NULL,
    -- The site's size class (`?size=N`) and puzzle ID (without commas), when known.
    size_class        INTEGER,
    site_id           INTEGER,
    width             INTEGER NOT NULL,
    height            INTEGER NOT NULL,
    -- The puzzle in its kind's canonical text format.
    text              TEXT NOT NULL,
    -- sha256 of `text`: the same puzzle reached by two paths.
    canonical_hash    TEXT NOT NULL,
    snapshot          TEXT REFERENCES snapshots (sha256),
    extractor_version INTEGER,
    -- 'no-solver': kept as the site gave it, its kind not solved yet.
    status            TEXT NOT NULL CHECK (status IN ('ok', 'invalid', 'unsolvable', 'several', 'no-solver')),
    -- Why a puzzle is invalid, in words.
    note              TEXT,
    created           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- A special's date (daily, weekly, monthly) as the page writes it
    -- ('2026-11-30', '2026-W48'): a special's page has no puzzle ID, so its
    -- class and date are its identity.
    special_date      TEXT
);
-- A puzzle with a site ID or a special's date is itself by that; any other
-- by its canonical text.
CREATE UNIQUE INDEX puzzles_site_id ON puzzles (kind, size_class, site_id) WHERE site_id IS NOT NULL;
CREATE UNIQUE INDEX puzzles_canonical ON puzzles (kind, canonical_hash) WHERE site_id IS NULL AND special_date IS NULL;
CREATE UNIQUE INDEX puzzles_special ON puzzles (kind, size_class, special_date) WHERE special_date IS NOT NULL;
CREATE INDEX puzzles_hash ON puzzles (kind, canonical_hash);
CREATE INDEX puzzles_created ON puzzles (created);

-- One row per puzzle and solver version; re-solving with the same version
-- replaces it. Invalid puzzles have none.
CREATE TABLE solutions (
    id             INTEGER PRIMARY KEY,
    puzzle         INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    solver_version TEXT NOT NULL,
    -- The first solution found in its kind's text format; NULL when none.
    solution       TEXT,
    -- Solutions found: searching for at most 2 (2 = not unique) for kinds
    -- that expect one, every one for calendar dates and ring instances.
    found          INTEGER NOT NULL CHECK (found >= 0),
    nodes          INTEGER NOT NULL,
    micros         INTEGER NOT NULL,
    solved_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (puzzle, solver_version)
);

-- What a site page says of its puzzle beyond the puzzle itself (written by
-- `fetch` and `reparse`; re-derivable from the snapshot).
CREATE TABLE site_facts (
    puzzle          INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
    -- The page's `hashedSolution` (32 hex digits).
    hashed_solution TEXT,
    -- The site's own answer check: 'match', a solution found hashes (md5 of
    -- task and answer) to `hashed_solution`; 'mismatch', none does (a garbled
    -- task, or no solution at all); 'absent', the page has no hash;
    -- 'pending', the puzzle's kind is not solved yet.
    hash_check      TEXT NOT NULL CHECK (hash_check IN ('match', 'mismatch', 'absent', 'pending'))
);

-- Each puzzle's grade by the techniques a person needs to solve it (Sudoku
-- and Aquarium puzzles with one solution), kept with the solve that found
-- it: the level's name, its rank (1 the easiest level of its kind), the
-- techniques used with how often ("naked single 40, ..."), and the hints as
-- the HTML archive's puzzle page carries them (the logical solution's steps,
-- written compactly), so that an export need not grade it again.
CREATE TABLE grades (
    puzzle     INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
    level      TEXT NOT NULL,
    rank       INTEGER NOT NULL CHECK (rank >= 1),
    techniques TEXT NOT NULL,
    graded_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    hints      TEXT
);
CREATE INDEX grades_level ON grades (level);

-- Tilings read from photos of calendar boards solved by hand (`calendar read
-- --import`): each photo's reading of its date's puzzle, beside the tilings
-- the solver stores in `solutions`.
CREATE TABLE calendar_readings (
    id           INTEGER PRIMARY KEY,
    puzzle       INTEGER NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    -- The tiling read, in the calendar's text form (rows joined by newlines).
    tiling       TEXT NOT NULL,
    -- The photo as it was named, and sha256 of its bytes: a photo read
    -- again is kept once per puzzle.
    photo        TEXT NOT NULL,
    photo_sha256 TEXT NOT NULL,
    -- Cell sides changed to reach a valid tiling; 0 when read as seen.
    corrected    INTEGER NOT NULL DEFAULT 0,
    read_at      TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    UNIQUE (puzzle, photo_sha256)
);

-- Puzzles taken out of the archive by `aquarchive remove`, one row each:
-- the id it had (never given to another puzzle), what it was known by,
-- the page it was read from, and when it went. Its page snapshot and the
-- fetch records of that page stay: this row says what became of the
-- puzzle they gave, and keeps `reparse` from storing it again unasked.
CREATE TABLE removed_puzzles (
    id             INTEGER PRIMARY KEY,
    kind           TEXT NOT NULL,
    source         TEXT NOT NULL,
    size_class     INTEGER,
    site_id        INTEGER,
    special_date   TEXT,
    canonical_hash TEXT NOT NULL,
    snapshot       TEXT REFERENCES snapshots (sha256),
    status         TEXT NOT NULL,
    -- When it was first stored, and when it was removed.
    created        TEXT NOT NULL,
    removed_at     TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
CREATE INDEX removed_puzzles_snapshot ON removed_puzzles (snapshot);

-- A player's progress on a puzzle, as the HTML archive's page kept it in
-- the browser and `import progress.json` brought it here (one row a
-- puzzle; the page keeps it by the puzzle's progress key, the start of
-- `canonical_hash`, and every puzzle with that key gets it): `grid` the
-- cells as played, in the page's own form; `seconds` the time played;
-- `started` whether a cell is set; `solved` whether the grid kept is the
-- solution; `solved_at` when it was first solved (NULL: not solved, or
-- solved before the page kept the time); `help` the hints and mistake
-- checks taken; `shown` whether the solution was shown; `kept_at` when
-- this row was written.
CREATE TABLE progress (
    puzzle     INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
    grid       TEXT NOT NULL,
    seconds    INTEGER NOT NULL CHECK (seconds >= 0),
    started    INTEGER NOT NULL,
    solved     INTEGER NOT NULL,
    solved_at  TEXT,
    help       INTEGER NOT NULL CHECK (help >= 0),
    shown      INTEGER NOT NULL,
    kept_at    TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
