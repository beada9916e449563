-- Event-sourced match logs (CONTRACT §5).
--
-- matches            one row per match (stream); `version` = number of events; the append statement
--                    moves it with `UPDATE … WHERE version = expected` so the optimistic check is done
--                    by the database, atomically, under the row lock.
-- match_events       the log; (match_id, version) is the primary key, so two writers can never both
--                    own one version even if the check above were bypassed.
--                    `position` (global sequence) + `transaction_id` (pg_current_xact_id of the writing
--                    transaction) order the global feed. Sequence numbers are taken before commit, so a
--                    transaction can commit after a later position is already visible; readers of the
--                    global feed only read rows whose transaction_id is below the oldest transaction still
--                    running (pg_snapshot_xmin(pg_current_snapshot())), ordered by (transaction_id,
--                    position), and so never skip an event that commits late.
-- idempotency_keys   the first answer to a request sent with an Idempotency-Key, per API key.

CREATE TABLE "matches" (
    "id"         UUID        NOT NULL,
    "owner_id"   TEXT        NOT NULL,
    "game"       TEXT        NOT NULL,
    "players"    JSONB       NOT NULL DEFAULT '[]',
    "options"    JSONB       NOT NULL DEFAULT '{}',
    "version"    INTEGER     NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "updated_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT "matches_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "matches_version_check" CHECK ("version" >= 0)
);
CREATE INDEX "matches_owner_id_created_at_idx" ON "matches" ("owner_id", "created_at");

CREATE TABLE "match_events" (
    "match_id"       UUID        NOT NULL,
    "version"        INTEGER     NOT NULL,
    "type"           TEXT        NOT NULL,
    "schema_version" INTEGER     NOT NULL DEFAULT 1,
    "data"           JSONB       NOT NULL,
    "metadata"       JSONB       NOT NULL DEFAULT '{}',
    "recorded_at"    TIMESTAMPTZ NOT NULL DEFAULT now(),
    "position"       BIGSERIAL   NOT NULL,
    "transaction_id" XID8        NOT NULL DEFAULT pg_current_xact_id(),
    CONSTRAINT "match_events_pkey" PRIMARY KEY ("match_id", "version"),
    CONSTRAINT "match_events_version_check" CHECK ("version" >= 1),
    CONSTRAINT "match_events_match_id_fkey" FOREIGN KEY ("match_id") REFERENCES "matches" ("id") ON DELETE CASCADE
);
CREATE UNIQUE INDEX "match_events_position_key" ON "match_events" ("position");
CREATE INDEX "match_events_transaction_id_position_idx" ON "match_events" ("transaction_id", "position");

CREATE TABLE "idempotency_keys" (
    "owner_id"     TEXT        NOT NULL,
    "key"          TEXT        NOT NULL,
    "request_hash" TEXT        NOT NULL,
    "status"       INTEGER,
    "response"     JSONB,
    "created_at"   TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("owner_id", "key")
);
CREATE INDEX "idempotency_keys_created_at_idx" ON "idempotency_keys" ("created_at");
