-- The news example's likes state (NoticeNews), kept by its inline projection
-- in the same transaction as the notice that changes it.
CREATE TABLE news (
    id    INTEGER PRIMARY KEY,
    title TEXT    NOT NULL,
    likes INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0)
);

CREATE TABLE likes (
    news_id INTEGER NOT NULL REFERENCES news (id),
    user    TEXT    NOT NULL,
    PRIMARY KEY (news_id, user)
) WITHOUT ROWID;

CREATE TABLE profiles (
    user        TEXT    PRIMARY KEY,
    given_likes INTEGER NOT NULL CHECK (given_likes >= 0)
) WITHOUT ROWID;
