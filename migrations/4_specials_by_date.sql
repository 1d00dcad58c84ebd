-- Version 4: a special (daily, weekly, monthly) is its class and its date.
-- A special's page has no puzzle ID (its ID span is empty or `0`), so the
-- date is the special's identity: it moves from site_facts into the puzzle
-- record, where a unique index keeps one puzzle per class and date. And the
-- site's own answer check (md5 of task and answer against the page's
-- `hashedSolution`) is kept beside the hash.

ALTER TABLE puzzles ADD COLUMN special_date TEXT;

-- The dates already kept, for the specials (size classes 9, 10, 11): the
-- oldest puzzle of a class and date takes it, should there be two.
UPDATE puzzles SET special_date = (SELECT f.special_date FROM site_facts f WHERE f.puzzle = puzzles.id)
WHERE size_class >= 9 AND id = (
    SELECT min(p.id) FROM puzzles p JOIN site_facts f ON f.puzzle = p.id
    WHERE p.kind = puzzles.kind AND p.size_class = puzzles.size_class
      AND f.special_date = (SELECT special_date FROM site_facts WHERE puzzle = puzzles.id)
);

-- A puzzle with a site ID or a special's date is itself by that; any other
-- by its canonical text.
DROP INDEX puzzles_canonical;
CREATE UNIQUE INDEX puzzles_canonical ON puzzles (kind, canonical_hash) WHERE site_id IS NULL AND special_date IS NULL;
CREATE UNIQUE INDEX puzzles_special ON puzzles (kind, size_class, special_date) WHERE special_date IS NOT NULL;

-- An ID of 0 is no ID (earlier versions stored a special's `0`, and took
-- every later special of its class for the same puzzle).
UPDATE puzzles SET site_id = NULL
WHERE site_id = 0 AND (special_date IS NOT NULL OR NOT EXISTS (
    SELECT 1 FROM puzzles q
    WHERE q.kind = puzzles.kind AND q.canonical_hash = puzzles.canonical_hash
      AND q.site_id IS NULL AND q.special_date IS NULL
));

ALTER TABLE site_facts DROP COLUMN special_date;
-- 'match': a solution found hashes to the page's `hashedSolution`;
-- 'mismatch': none does (a garbled task, or no solution at all);
-- 'absent': the page has no hash. NULL: fetched before this check existed
-- (`aquarchive reparse` fills it in from the snapshot).
ALTER TABLE site_facts ADD COLUMN hash_check TEXT CHECK (hash_check IN ('match', 'mismatch', 'absent'));
