-- Each notice's metadata (NoticeMetadata): its fields as one JSON object of
-- strings, keys in order; NULL for a notice without any, as most are. Text,
-- not jsonb: it is stored and read back as written, never queried. A column
-- added without a default rewrites no stored row.
ALTER TABLE notices ADD COLUMN metadata text;

-- noticehub_append takes the notices' metadata too.
DROP FUNCTION noticehub_append(uuid[], text[], text[], text[], bigint[], text[], uuid[], uuid[], integer[], bigint);

-- Appends a batch of notices in one statement, in its own transaction when
-- called outside one (a group commit of notices without projections: one
-- round trip and one WAL flush). It locks the head row first; each later
-- statement of a volatile function takes a new snapshot, so the check for
-- ids already stored sees every notice the lock's previous holders
-- committed. Returns the id and sequence number of each notice appended;
-- an id already stored, or repeated in the batch, is appended once.
-- The arrays' elements may be NULL (a missing sender, kind, conversation,
-- cause or metadata). Once it holds the head lock, it checks that the projection registry
-- is at the generation the caller routed its batch by; otherwise it appends
-- nothing and raises NHP01, and the caller reads the registry again. It sends
-- no NOTIFY: a notifying commit costs about as much again, so commits are
-- announced after the fact, off the posters' path.
CREATE FUNCTION noticehub_append(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[], versions integer[], metadatas text[],
    expected_generation bigint
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
        INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version, metadata)
        SELECT head + row_number() OVER (ORDER BY first.ord), first.id, first.name, first.sender,
               first.payload, first.posted_at, first.kind, first.conversation, first.cause, first.version,
               first.metadata
        FROM (
            SELECT DISTINCT ON (batch.id) batch.*
            FROM unnest(ids, names, senders, payloads, times, kinds, conversations, causes, versions, metadatas)
                WITH ORDINALITY AS batch (id, name, sender, payload, posted_at, kind, conversation, cause, version,
                                          metadata, ord)
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
