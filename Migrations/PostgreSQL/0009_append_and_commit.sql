-- Appends a durable group commit's notices and commits them, in one CALL made
-- outside a transaction: one round trip, one WAL flush. A function's rows
-- reach the client before the implicit transaction around it commits, so a
-- caller of noticehub_append must ask the server once more to learn that its
-- commit held. This procedure commits before it returns, so its answer is the
-- confirmation. It takes what noticehub_append takes and returns the ids
-- appended and their sequence numbers, in order (both NULL when none was); an
-- id already stored, or repeated in the batch, is appended once. It locks the
-- head first; each later statement takes a new snapshot, so the check for
-- stored ids sees every notice the lock's previous holders committed. It
-- raises NHP01, appending nothing, when the projection registry is not at the
-- generation the caller routed its batch by. noticehub_append stays for
-- processes of an earlier release that share the journal meanwhile.
CREATE PROCEDURE noticehub_append_and_commit(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[], versions integer[], metadatas text[],
    expected_generation bigint,
    INOUT appended_ids uuid[] DEFAULT NULL, INOUT appended_seqs bigint[] DEFAULT NULL
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    head bigint;
BEGIN
    SELECT last_seq INTO head FROM journal_head WHERE journal_head.id = 1 FOR UPDATE;
    IF (SELECT coalesce(max(generation), 0) FROM projections) <> expected_generation THEN
        RAISE EXCEPTION 'the projection registry changed' USING ERRCODE = 'NHP01';
    END IF;
    IF cardinality(ids) = 1 THEN
        -- A lone notice (a lone poster's every commit) skips the batch's
        -- numbering: it takes the next number, or nothing when stored.
        INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version, metadata)
        VALUES (head + 1, ids[1], names[1], senders[1], payloads[1], times[1], kinds[1], conversations[1],
                causes[1], versions[1], metadatas[1])
        ON CONFLICT (id) DO NOTHING;
        IF FOUND THEN
            appended_ids := ids;
            appended_seqs := ARRAY[head + 1];
        END IF;
    ELSE
        WITH inserted AS (
            INSERT INTO notices (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version,
                                 metadata)
            SELECT head + row_number() OVER (ORDER BY first.ord), first.id, first.name, first.sender,
                   first.payload, first.posted_at, first.kind, first.conversation, first.cause, first.version,
                   first.metadata
            FROM (
                SELECT DISTINCT ON (batch.id) batch.*
                FROM unnest(ids, names, senders, payloads, times, kinds, conversations, causes, versions, metadatas)
                    WITH ORDINALITY AS batch (id, name, sender, payload, posted_at, kind, conversation, cause,
                                              version, metadata, ord)
                ORDER BY batch.id, batch.ord
            ) AS first
            -- An index probe per notice (see noticehub_append).
            WHERE (SELECT stored.seq FROM notices stored WHERE stored.id = first.id) IS NULL
            RETURNING notices.id, notices.seq
        )
        SELECT array_agg(inserted.id ORDER BY inserted.seq), array_agg(inserted.seq ORDER BY inserted.seq)
        INTO appended_ids, appended_seqs
        FROM inserted;
    END IF;
    IF appended_seqs IS NOT NULL THEN
        UPDATE journal_head SET last_seq = head + cardinality(appended_seqs) WHERE journal_head.id = 1;
    END IF;
    COMMIT;
END
$$;
