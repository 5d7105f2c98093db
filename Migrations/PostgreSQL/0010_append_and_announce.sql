-- A commit that holds a request or a reply is announced by its own
-- transaction: a NOTIFY sent at the commit, in the same round trip, where the
-- poster's announcer thread would send one more statement on another session
-- afterwards. A requester and then a responder each wait on that
-- announcement. Other commits are still announced by the announcer, spaced
-- (a NOTIFY takes a cluster-wide lock at commit).
--
-- noticehub_append_locked is the body noticehub_append_and_commit had: it
-- locks the head, checks the registry's generation (NHP01) and appends, and
-- leaves the commit to its caller. noticehub_append_and_commit keeps its
-- signature for processes of the previous release; noticehub_append_and_announce
-- takes the channel to notify (NULL for none) as well.
CREATE FUNCTION noticehub_append_locked(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[], versions integer[], metadatas text[],
    expected_generation bigint,
    OUT appended_ids uuid[], OUT appended_seqs bigint[]
)
LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
    head bigint;
BEGIN
    -- Each later statement takes a new snapshot, so the check for stored ids
    -- sees every notice the lock's previous holders committed.
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
END
$$;

CREATE OR REPLACE PROCEDURE noticehub_append_and_commit(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[], versions integer[], metadatas text[],
    expected_generation bigint,
    INOUT appended_ids uuid[] DEFAULT NULL, INOUT appended_seqs bigint[] DEFAULT NULL
)
LANGUAGE plpgsql AS $$
BEGIN
    SELECT locked.appended_ids, locked.appended_seqs INTO appended_ids, appended_seqs
    FROM noticehub_append_locked(ids, names, senders, payloads, times, kinds, conversations, causes, versions,
                                 metadatas, expected_generation) AS locked;
    COMMIT;
END
$$;

CREATE PROCEDURE noticehub_append_and_announce(
    ids uuid[], names text[], senders text[], payloads text[], times bigint[],
    kinds text[], conversations uuid[], causes uuid[], versions integer[], metadatas text[],
    expected_generation bigint, channel text,
    INOUT appended_ids uuid[] DEFAULT NULL, INOUT appended_seqs bigint[] DEFAULT NULL
)
LANGUAGE plpgsql AS $$
BEGIN
    SELECT locked.appended_ids, locked.appended_seqs INTO appended_ids, appended_seqs
    FROM noticehub_append_locked(ids, names, senders, payloads, times, kinds, conversations, causes, versions,
                                 metadatas, expected_generation) AS locked;
    IF channel IS NOT NULL AND appended_seqs IS NOT NULL THEN
        -- Delivered when the transaction commits, with the journal's last number.
        PERFORM pg_notify(channel, appended_seqs[cardinality(appended_seqs)]::text);
    END IF;
    COMMIT;
END
$$;
