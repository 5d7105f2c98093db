-- The version of each notice's payload shape, as its typed message declared it
-- (NoticeMessage.version): 1 for every notice written before versions were kept,
-- and for every notice that is not a versioned message. PostgreSQL 11 and later
-- add a column with a constant default without rewriting the table: the catalog
-- holds the default for the rows stored before. The CHECK is verified by one
-- read of those rows, under the lock the ALTER holds.
ALTER TABLE notices
    ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version BETWEEN 1 AND 2147483647);

-- noticehub_append takes the notices' versions too.
DROP FUNCTION noticehub_append(uuid[], text[], text[], text[], bigint[], text[], uuid[], uuid[], bigint);

-- Appends a batch of notices in one statement, in its own transaction when
-- called outside one (a group commit of notices without projections: one
-- round trip and one WAL flush). It locks the head row first; each later
-- statement of a volatile function takes a new snapshot, so the check for
-- ids already stored sees every notice the lock's previous holders
-- committed. Returns the id and sequence number of each notice appended;
-- an id already stored, or repeated in the batch, is appended once.
-- The arrays' elements may be NULL (a missing sender, kind, conversation or
-- cause). Once it holds the head lock, it checks that the projection registry
-- is at the generation the caller routed its batch by; otherwise it appends
-- nothing and raises NHP01, and the caller reads the registry again. It sends
-- no NOTIFY: a notifying commit costs about as much again, so commits are
-- announced after the fact, off the posters' path.
CREATE FUNCTION noticehub_append(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[], versions integer[], expected_generation bigint
) RETURNS TABLE (id uuid, seq bigint)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
    head     bigint;
    appended bigint;
BEGIN
    SELECT last_seq INTO head FROM journal_head WHERE journal_head.id = 1 FOR UPDATE;
    IF (SELECT coalesce(max(generation), 0) FROM projections) <> expected_generation THEN
        RAISE EXCEPTION 'the projection registry changed' USING ERRCODE = 'NHP01';
    END IF;
    RETURN QUERY
    WITH inserted AS (
        INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version)
        SELECT head + row_number() OVER (ORDER BY first.ord), first.id, first.name, first.sender,
               first.payload, first.posted_at, first.kind, first.conversation, first.cause, first.version
        FROM (
            SELECT DISTINCT ON (batch.id) batch.*
            FROM unnest(ids, names, senders, payloads, times, kinds, conversations, causes, versions)
                WITH ORDINALITY AS batch (id, name, sender, payload, posted_at, kind, conversation, cause, version, ord)
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
