-- League catalogs and sealed lists (CONTRACT §8.4).
--
-- eden_catalogs  a league's stored EDEN catalogs, one row per version: the body as sent (`body`:
--                name, fighters, equipment) and the hex SHA-256 of its canonical JSON, which
--                receipts name. `id` is random and shared by every version; `version` counts from 1;
--                `owner_id` is the API key that created it (only it adds versions). Anyone may read
--                any version (GET /v1/eden/catalogs/{id}?version=n).
-- eden_rosters   a stored list may be sealed: until `sealed_until` its public link shows only its
--                hash and verdict; `revealed_at` is set when its owner reveals it earlier.

CREATE TABLE "eden_catalogs" (
    "id"         TEXT        NOT NULL,
    "version"    INTEGER     NOT NULL,
    "owner_id"   TEXT        NOT NULL,
    "body"       JSONB       NOT NULL,
    "sha256"     TEXT        NOT NULL,
    "created_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT "eden_catalogs_pkey" PRIMARY KEY ("id", "version")
);

CREATE INDEX "eden_catalogs_owner_id_idx" ON "eden_catalogs"("owner_id");

ALTER TABLE "eden_rosters" ADD COLUMN "sealed_until" TIMESTAMPTZ;
ALTER TABLE "eden_rosters" ADD COLUMN "revealed_at" TIMESTAMPTZ;
