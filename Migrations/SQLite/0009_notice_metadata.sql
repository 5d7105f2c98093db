-- Each notice's metadata (NoticeMetadata): its fields as one JSON object of
-- strings, keys in order; NULL for a notice without any, as most are. A
-- column added without a default rewrites no stored row.
ALTER TABLE notices ADD COLUMN metadata TEXT;
