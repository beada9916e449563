-- The append no longer moves `matches.version` (one row write per event instead of two): the
-- optimistic check is the (match_id, version) primary key plus "version `expected` exists" inside the
-- single INSERT (src/infra/event-store). A match's version is max(match_events.version), read through
-- the primary key, and its last change is its last event's recorded_at: the two columns go.
ALTER TABLE "matches" DROP COLUMN "version", DROP COLUMN "updated_at";
