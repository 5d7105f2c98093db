-- The registry of installed projections: an app's own state, kept in its own
-- tables by an inline projection. (Version 2 of this schema once made the news
-- example's tables; those now belong to that projection, so the number is not
-- used again.)
CREATE TABLE projections (
    identity        text   PRIMARY KEY,
    version         bigint NOT NULL,     -- of the logic that built the state
    schema_version  bigint NOT NULL,     -- the last of its migrations applied
    names           text   NOT NULL,     -- the names and patterns it handles, one per line
    current_through bigint NOT NULL,     -- its state is current through this sequence
    generation      bigint NOT NULL,     -- raised by every install and rebuild: writers re-read the registry
    updated_at      bigint NOT NULL      -- milliseconds since 1970-01-01 UTC
);

-- noticehub_append checks, once it holds the head lock, that the registry is at
-- the generation the caller routed its batch by; otherwise it appends nothing
-- and raises NHP01, and the caller reads the registry again. So a batch sent
-- without projections never slips past a projection installed meanwhile.
DROP FUNCTION noticehub_append(uuid[], text[], text[], text[], bigint[], text[], uuid[], uuid[]);

CREATE FUNCTION noticehub_append(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[], expected_generation bigint
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
