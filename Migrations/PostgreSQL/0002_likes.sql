-- The news example's likes state (NoticeNews), kept by its inline projection
-- in the same transaction as the notice that changes it. "user" is quoted:
-- PostgreSQL reserves the word.
CREATE TABLE news (
    id    bigint PRIMARY KEY,
    title text   NOT NULL,
    likes bigint NOT NULL DEFAULT 0 CHECK (likes >= 0)
);

CREATE TABLE likes (
    news_id bigint NOT NULL REFERENCES news (id),
    "user"  text   NOT NULL,
    PRIMARY KEY (news_id, "user")
);

CREATE TABLE profiles (
    "user"      text   PRIMARY KEY,
    given_likes bigint NOT NULL CHECK (given_likes >= 0)
);
