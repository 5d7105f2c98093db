-- Conversations: what part a notice plays (NULL for an ordinary notice;
-- 'request', 'reply' or 'failure' for a request answered across processes and
-- its answers), the id of the conversation it belongs to and the id of the
-- notice that caused it.
ALTER TABLE notices
    ADD COLUMN kind text CHECK (kind IN ('request', 'reply', 'failure')),
    ADD COLUMN conversation uuid,
    ADD COLUMN cause uuid;

-- tail --conversation.
CREATE INDEX notices_by_conversation ON notices (conversation, seq) WHERE conversation IS NOT NULL;

-- Responders answering requests from other processes. Each row is live while
-- a session holds the advisory lock whose key is `key`; a requester counts
-- the rows whose lock pg_locks shows granted, and deletes the others.
CREATE TABLE responders (
    key        bigint PRIMARY KEY,
    name       text   NOT NULL,          -- the request name or pattern answered
    responder  text   NOT NULL,          -- who answers: the replies' sender
    started_at bigint NOT NULL           -- milliseconds since 1970-01-01 UTC
);

-- noticehub_append takes the three new columns too.
DROP FUNCTION noticehub_append(uuid[], text[], text[], text[], bigint[]);

-- Appends a batch of notices in one statement, in its own transaction when
-- called outside one (a group commit of notices without projections: one
-- round trip and one WAL flush). It locks the head row first; each later
-- statement of a volatile function takes a new snapshot, so the check for
-- ids already stored sees every notice the lock's previous holders
-- committed. Returns the id and sequence number of each notice appended;
-- an id already stored, or repeated in the batch, is appended once.
-- The arrays' elements may be NULL (a missing sender, kind, conversation or
-- cause). It sends no NOTIFY: a notifying commit costs about as much again,
-- so commits are announced after the fact, off the posters' path.
CREATE FUNCTION noticehub_append(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[]
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
        INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause)
        SELECT head + row_number() OVER (ORDER BY first.ord), first.id, first.name, first.sender,
               first.payload, first.posted_at, first.kind, first.conversation, first.cause
        FROM (
            SELECT DISTINCT ON (batch.id) batch.*
            FROM unnest(ids, names, senders, payloads, times, kinds, conversations, causes)
                WITH ORDINALITY AS batch (id, name, sender, payload, posted_at, kind, conversation, cause, ord)
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
