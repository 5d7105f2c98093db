-- How many notices, and how many payload bytes, the journal holds under each
-- name. Every append transaction adds its own notices to these rows before it
-- commits (one statement per name it appended, not per notice), and a trim
-- takes off the rows it removes in the same transaction. So `stats` reads one
-- row per name instead of counting the journal, and `verify` finds a row
-- deleted behind the journal's back, which nothing takes off, by comparing
-- the counts with the rows (or, since a checkpoint, with the span of sequence
-- numbers). Journals written before this migration are counted once, here.
CREATE TABLE journal_counts (
    name          TEXT    PRIMARY KEY,
    notices       INTEGER NOT NULL,
    payload_bytes INTEGER NOT NULL
) WITHOUT ROWID;

INSERT INTO journal_counts (name, notices, payload_bytes)
SELECT name, count(*), sum(length(CAST(payload AS BLOB))) FROM notices GROUP BY name;

-- Marks the journal keeps about itself, one integer each:
-- 'first_retained': the lowest sequence number the journal still holds or
--   will hold; raised by a trim before it removes a row, so that a reader
--   asked to start below it is refused instead of skipping what was removed.
--   Absent: 1.
-- 'verified_through': the last sequence number a verify found sound, where
--   `verify --since-checkpoint` starts.
-- 'retention_max_age_ms', 'retention_max_count', 'retention_max_bytes': the
--   retention policy, which `noticectl retention apply` trims the journal to.
CREATE TABLE journal_marks (
    mark  TEXT    PRIMARY KEY
        CHECK (mark IN (
            'first_retained', 'verified_through', 'retention_max_age_ms', 'retention_max_count',
            'retention_max_bytes')),
    value INTEGER NOT NULL CHECK (value >= 0)
) WITHOUT ROWID;
