-- The journal: every notice, in the order it was committed.
-- Sequence numbers come from journal_head, whose one row every append locks
-- until it commits: commit order is then sequence order, with no gap, and a
-- follower reading seq > cursor never sees a row appear behind it. (A
-- bigserial would let a transaction that took its number early commit late.)
CREATE TABLE journal_head (
    id       smallint PRIMARY KEY CHECK (id = 1),
    last_seq bigint   NOT NULL
);
INSERT INTO journal_head (id, last_seq) VALUES (1, 0);

CREATE TABLE notices (
    seq       bigint PRIMARY KEY,
    id        uuid   NOT NULL UNIQUE,    -- kept by export/import
    name      text   NOT NULL,
    sender    text,
    payload   text   NOT NULL,           -- the JSON text as posted: jsonb would reorder keys
    posted_at bigint NOT NULL            -- milliseconds since 1970-01-01 UTC
);

-- tail --name and replay filtered by name.
CREATE INDEX notices_by_name ON notices (name, seq);

-- Durable subscribers: the last sequence each one has handled.
CREATE TABLE subscribers (
    name       text   PRIMARY KEY,
    cursor     bigint NOT NULL DEFAULT 0,
    updated_at bigint NOT NULL
);

-- Appends a batch of notices in one statement, in its own transaction when
-- called outside one (a group commit of notices without projections: one
-- round trip and one WAL flush). It locks the head row first; each later
-- statement of a volatile function takes a new snapshot, so the check for
-- ids already stored sees every notice the lock's previous holders
-- committed. Returns the id and sequence number of each notice appended;
-- an id already stored, or repeated in the batch, is appended once.
-- chr(1) stands for a missing sender: no sender may hold a control character.
-- It sends no NOTIFY: a notifying commit costs about as much again, so
-- commits are announced after the fact, off the posters' path.
CREATE FUNCTION noticehub_append(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[]
) RETURNS TABLE (id uuid, seq bigint)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    head     bigint;
    appended bigint;
BEGIN
    SELECT last_seq INTO head FROM journal_head WHERE journal_head.id = 1 FOR UPDATE;
    RETURN QUERY
    WITH inserted AS (
        INSERT INTO notices (seq, id, name, sender, payload, posted_at)
        SELECT head + row_number() OVER (ORDER BY first.ord), first.id, first.name,
               nullif(first.sender, chr(1)), first.payload, first.posted_at
        FROM (
            SELECT DISTINCT ON (batch.id) batch.*
            FROM unnest(ids, names, senders, payloads, times)
                WITH ORDINALITY AS batch (id, name, sender, payload, posted_at, ord)
            ORDER BY batch.id, batch.ord
        ) AS first
        -- A subquery per notice, an index probe each: as NOT EXISTS, the plan
        -- PL/pgSQL caches after five calls scanned every stored notice instead.
        WHERE (SELECT stored.seq FROM notices stored WHERE stored.id = first.id) IS NULL
        RETURNING notices.id, notices.seq
    )
    SELECT inserted.id, inserted.seq FROM inserted;
    GET DIAGNOSTICS appended = ROW_COUNT;
    IF appended > 0 THEN
        UPDATE journal_head SET last_seq = head + appended WHERE journal_head.id = 1;
    END IF;
END
$$;
