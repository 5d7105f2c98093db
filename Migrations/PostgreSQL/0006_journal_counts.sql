-- How many notices, and how many payload bytes, the journal holds under each
-- name. A statement-level trigger adds what each append statement stored
-- (`noticehub_append`, a run of notices with projections), one row per name,
-- in the same transaction; a trim takes off what it deletes in its own
-- statement. So `stats` reads one row per name instead of counting the
-- journal, and `verify` finds a row deleted behind the journal's back, which
-- nothing takes off, by comparing the counts with the rows (or, since a
-- checkpoint, with the span of sequence numbers). Journals written before
-- this migration are counted once, here.
CREATE TABLE journal_counts (
    name          text   PRIMARY KEY,
    notices       bigint NOT NULL,
    payload_bytes bigint NOT NULL
);

INSERT INTO journal_counts (name, notices, payload_bytes)
SELECT name, count(*), sum(octet_length(payload)) FROM notices GROUP BY name;

CREATE FUNCTION noticehub_count_added() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO journal_counts AS counts (name, notices, payload_bytes)
    SELECT added.name, count(*), sum(octet_length(added.payload)) FROM added GROUP BY added.name
    ON CONFLICT (name) DO UPDATE
        SET notices = counts.notices + excluded.notices,
            payload_bytes = counts.payload_bytes + excluded.payload_bytes;
    RETURN NULL;
END
$$;

CREATE TRIGGER notices_counted_when_added AFTER INSERT ON notices
    REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION noticehub_count_added();

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
    mark  text   PRIMARY KEY
        CHECK (mark IN (
            'first_retained', 'verified_through', 'retention_max_age_ms', 'retention_max_count',
            'retention_max_bytes')),
    value bigint NOT NULL CHECK (value >= 0)
);
