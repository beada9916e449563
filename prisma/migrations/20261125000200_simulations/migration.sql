-- Queued Monte Carlo simulations (CONTRACT §6).
--
-- simulations   one row per submission, owned by an API key (`api_key_id`, 404 for other keys).
--               `status` queued → running → completed / failed / cancelled; `progress` 0..1 is
--               refreshed while it runs; `result` holds the statistics once completed.
--               `dedupe_key` is the submission's fingerprint while a resubmission should return this
--               row instead of a new one (active runs, and completed runs with a client seed, whose
--               result is deterministic); NULL otherwise. The unique index makes deduplication
--               atomic; NULLs never collide.

CREATE TABLE "simulations" (
    "id"           UUID             NOT NULL,
    "api_key_id"   TEXT             NOT NULL,
    "kind"         TEXT             NOT NULL,
    "request"      JSONB            NOT NULL,
    "iterations"   INTEGER          NOT NULL,
    "seed"         TEXT             NOT NULL,
    "seeded"       BOOLEAN          NOT NULL DEFAULT false,
    "fingerprint"  CHAR(64)         NOT NULL,
    "dedupe_key"   CHAR(64),
    "status"       TEXT             NOT NULL DEFAULT 'queued',
    "progress"     DOUBLE PRECISION NOT NULL DEFAULT 0,
    "result"       JSONB,
    "error"        TEXT,
    "created_at"   TIMESTAMPTZ      NOT NULL DEFAULT now(),
    "updated_at"   TIMESTAMPTZ      NOT NULL DEFAULT now(),
    "completed_at" TIMESTAMPTZ,
    CONSTRAINT "simulations_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "simulations_status_check" CHECK ("status" IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
    CONSTRAINT "simulations_iterations_check" CHECK ("iterations" BETWEEN 1 AND 10000000),
    CONSTRAINT "simulations_progress_check" CHECK ("progress" >= 0 AND "progress" <= 1)
);

CREATE UNIQUE INDEX "simulations_api_key_id_dedupe_key_key" ON "simulations"("api_key_id", "dedupe_key");
CREATE INDEX "simulations_active_idx" ON "simulations"("api_key_id") WHERE "status" IN ('queued', 'running');
