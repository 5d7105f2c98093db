-- A journal written by NoticeHub 0.1 (schema 3) through noticectl: two news items,
-- four likes and an unlike, one chat notice. pg_dump --inserts of its schema, with
-- the schema's name and psql's commands taken out, so it loads into any schema.
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
--



--
-- Name: noticehub_append(uuid[], text[], text[], text[], bigint[], text[], uuid[], uuid[]); Type: FUNCTION; Schema: -; Owner: -
--

CREATE FUNCTION noticehub_append(ids uuid[], names text[], senders text[], payloads text[], times bigint[], kinds text[], conversations uuid[], causes uuid[]) RETURNS TABLE(id uuid, seq bigint)
    LANGUAGE plpgsql
    AS $$
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


SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: journal_head; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE journal_head (
    id smallint NOT NULL,
    last_seq bigint NOT NULL,
    CONSTRAINT journal_head_id_check CHECK ((id = 1))
);


--
-- Name: likes; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE likes (
    news_id bigint NOT NULL,
    "user" text NOT NULL
);


--
-- Name: news; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE news (
    id bigint NOT NULL,
    title text NOT NULL,
    likes bigint DEFAULT 0 NOT NULL,
    CONSTRAINT news_likes_check CHECK ((likes >= 0))
);


--
-- Name: noticehub_schema; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE noticehub_schema (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: notices; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE notices (
    seq bigint NOT NULL,
    id uuid NOT NULL,
    name text NOT NULL,
    sender text,
    payload text NOT NULL,
    posted_at bigint NOT NULL,
    kind text,
    conversation uuid,
    cause uuid,
    CONSTRAINT notices_kind_check CHECK ((kind = ANY (ARRAY['request'::text, 'reply'::text, 'failure'::text])))
);


--
-- Name: profiles; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE profiles (
    "user" text NOT NULL,
    given_likes bigint NOT NULL,
    CONSTRAINT profiles_given_likes_check CHECK ((given_likes >= 0))
);


--
-- Name: responders; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE responders (
    key bigint NOT NULL,
    name text NOT NULL,
    responder text NOT NULL,
    started_at bigint NOT NULL
);


--
-- Name: subscribers; Type: TABLE; Schema: -; Owner: -
--

CREATE TABLE subscribers (
    name text NOT NULL,
    cursor bigint DEFAULT 0 NOT NULL,
    updated_at bigint NOT NULL
);


--
-- Data for Name: journal_head; Type: TABLE DATA; Schema: -; Owner: -
--

INSERT INTO journal_head VALUES (1, 7);


--
-- Data for Name: likes; Type: TABLE DATA; Schema: -; Owner: -
--

INSERT INTO likes VALUES (1, 'alice');
INSERT INTO likes VALUES (1, 'bob');


--
-- Data for Name: news; Type: TABLE DATA; Schema: -; Owner: -
--

INSERT INTO news VALUES (1, 'News1', 2);
INSERT INTO news VALUES (2, 'News2', 0);


--
-- Data for Name: noticehub_schema; Type: TABLE DATA; Schema: -; Owner: -
--

INSERT INTO noticehub_schema VALUES (1, 'journal', '2026-11-26 01:39:12.999216+00');
INSERT INTO noticehub_schema VALUES (2, 'likes', '2026-11-26 01:39:12.999216+00');
INSERT INTO noticehub_schema VALUES (3, 'conversations', '2026-11-26 01:39:12.999216+00');


--
-- Data for Name: notices; Type: TABLE DATA; Schema: -; Owner: -
--

INSERT INTO notices VALUES (1, '01a21581-ba01-72d8-908f-4996ac7d792c', 'news.published', 'editor', '{"id":1,"title":"News1"}', 1795657153025, NULL, NULL, NULL);
INSERT INTO notices VALUES (2, '01a21581-ba2d-7846-94bf-8e15605f18e8', 'news.published', 'editor', '{"id":2,"title":"News2"}', 1795657153069, NULL, NULL, NULL);
INSERT INTO notices VALUES (3, '01a21581-ba55-7b53-8870-7548f9d85ca4', 'news.liked', 'feed', '{"newsID":1,"user":"alice"}', 1795657153109, NULL, NULL, NULL);
INSERT INTO notices VALUES (4, '01a21581-ba85-7a2c-ac0d-c5fe31f1cc6d', 'news.liked', 'feed', '{"newsID":1,"user":"bob"}', 1795657153157, NULL, NULL, NULL);
INSERT INTO notices VALUES (5, '01a21581-bab1-7c7e-99f3-337dff20e26b', 'news.liked', 'feed', '{"newsID":2,"user":"alice"}', 1795657153201, NULL, NULL, NULL);
INSERT INTO notices VALUES (6, '01a21581-bad9-73fd-bae0-68f740ee4ba7', 'news.unliked', 'feed', '{"newsID":2,"user":"alice"}', 1795657153241, NULL, NULL, NULL);
INSERT INTO notices VALUES (7, '01a21581-bafd-7c70-8a8f-1806d08bc6ef', 'chat.said', 'Athos', '{"text":"One for all"}', 1795657153277, NULL, NULL, NULL);


--
-- Data for Name: profiles; Type: TABLE DATA; Schema: -; Owner: -
--

INSERT INTO profiles VALUES ('bob', 1);
INSERT INTO profiles VALUES ('alice', 1);


--
-- Data for Name: responders; Type: TABLE DATA; Schema: -; Owner: -
--



--
-- Data for Name: subscribers; Type: TABLE DATA; Schema: -; Owner: -
--



--
-- Name: journal_head journal_head_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY journal_head
    ADD CONSTRAINT journal_head_pkey PRIMARY KEY (id);


--
-- Name: likes likes_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY likes
    ADD CONSTRAINT likes_pkey PRIMARY KEY (news_id, "user");


--
-- Name: news news_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY news
    ADD CONSTRAINT news_pkey PRIMARY KEY (id);


--
-- Name: noticehub_schema noticehub_schema_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY noticehub_schema
    ADD CONSTRAINT noticehub_schema_pkey PRIMARY KEY (version);


--
-- Name: notices notices_id_key; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY notices
    ADD CONSTRAINT notices_id_key UNIQUE (id);


--
-- Name: notices notices_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY notices
    ADD CONSTRAINT notices_pkey PRIMARY KEY (seq);


--
-- Name: profiles profiles_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY profiles
    ADD CONSTRAINT profiles_pkey PRIMARY KEY ("user");


--
-- Name: responders responders_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY responders
    ADD CONSTRAINT responders_pkey PRIMARY KEY (key);


--
-- Name: subscribers subscribers_pkey; Type: CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY subscribers
    ADD CONSTRAINT subscribers_pkey PRIMARY KEY (name);


--
-- Name: notices_by_conversation; Type: INDEX; Schema: -; Owner: -
--

CREATE INDEX notices_by_conversation ON notices USING btree (conversation, seq) WHERE (conversation IS NOT NULL);


--
-- Name: notices_by_name; Type: INDEX; Schema: -; Owner: -
--

CREATE INDEX notices_by_name ON notices USING btree (name, seq);


--
-- Name: likes likes_news_id_fkey; Type: FK CONSTRAINT; Schema: -; Owner: -
--

ALTER TABLE ONLY likes
    ADD CONSTRAINT likes_news_id_fkey FOREIGN KEY (news_id) REFERENCES news(id);


--
-- PostgreSQL database dump complete
--


