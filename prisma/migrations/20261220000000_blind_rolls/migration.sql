-- Provably fair blind rolls (CONTRACT §8.3).
--
-- blind_rolls   one row per blind roll between its commitment and its reveal: the notation and
--               number of sets, the server seed (secret until the reveal) and its SHA-256
--               `commitment` (shown at once), and, from the first reveal on, the client seed mixed
--               into the dice and the time of that reveal (a later reveal changes nothing). A row is
--               kept until `expires_at` (7 days after it was asked for; the contract promises at
--               least 24 hours); expired rows are deleted as new rolls come
--               (index `blind_rolls_expires_at_idx`).

CREATE TABLE "blind_rolls" (
    "id"          TEXT        NOT NULL,
    "notation"    TEXT        NOT NULL,
    "repeat"      INTEGER,
    "server_seed" TEXT        NOT NULL,
    "commitment"  TEXT        NOT NULL,
    "client_seed" TEXT,
    "created_at"  TIMESTAMPTZ NOT NULL,
    "expires_at"  TIMESTAMPTZ NOT NULL,
    "revealed_at" TIMESTAMPTZ,
    CONSTRAINT "blind_rolls_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "blind_rolls_expires_at_idx" ON "blind_rolls"("expires_at");
