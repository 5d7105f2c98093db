-- Retention by name (RetentionPolicy.byName): one rule per name or pattern,
-- each limit NULL when the rule sets none; latest_by, the payload field by
-- whose values the rule keeps only each name's newest notice.
CREATE TABLE retention_rules (
    pattern     TEXT    PRIMARY KEY,
    max_age_ms  INTEGER CHECK (max_age_ms > 0),
    max_count   INTEGER CHECK (max_count > 0),
    max_bytes   INTEGER CHECK (max_bytes > 0),
    latest_by   TEXT    CHECK (latest_by <> '')
) WITHOUT ROWID;

-- The sequence numbers of notices a rule by name removed from among the
-- others, as runs first..last: the holes the journal made itself, which a
-- check of its rows tells from rows deleted behind its back. A trim drops
-- the runs it leaves below the first retained sequence.
CREATE TABLE removed_sequences (
    first INTEGER PRIMARY KEY,
    last  INTEGER NOT NULL CHECK (last >= first)
);
