-- The version of each notice's payload shape, as its typed message declared it
-- (NoticeMessage.version): 1 for every notice written before versions were kept,
-- and for every notice that is not a versioned message. Adding a column with a
-- constant default rewrites no row, and SQLite stores the integers 0 and 1 in
-- the row's header alone, so a version-1 notice takes no more space than before.
ALTER TABLE notices ADD COLUMN version INTEGER NOT NULL DEFAULT 1 CHECK (version BETWEEN 1 AND 2147483647);
