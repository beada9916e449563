-- League tools (CONTRACT §7.4).
--
-- eden_rosters   stored, shareable EDEN army lists: the validate body as sent (`roster`) and the
--                validation answered when it was stored; `id` is random (the share link), the list
--                is readable by anyone who has it, `owner_id` is the API key that stored it.
-- receipt_keys   Ed25519 keys that sign receipts. `public_jwk` is published at
--                /.well-known/jwks.json for as long as the row exists, retired or not; `private_key`
--                (PKCS#8 PEM) is kept only for a key the service generated itself (a key given in
--                RECEIPT_SIGNING_KEY is never stored). At most one key is in use (retired_at NULL).

CREATE TABLE "eden_rosters" (
    "id"         TEXT        NOT NULL,
    "owner_id"   TEXT        NOT NULL,
    "roster"     JSONB       NOT NULL,
    "validation" JSONB       NOT NULL,
    "created_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    CONSTRAINT "eden_rosters_pkey" PRIMARY KEY ("id")
);

CREATE INDEX "eden_rosters_owner_id_created_at_idx" ON "eden_rosters"("owner_id", "created_at");

CREATE TABLE "receipt_keys" (
    "kid"         TEXT        NOT NULL,
    "public_jwk"  JSONB       NOT NULL,
    "private_key" TEXT,
    "created_at"  TIMESTAMPTZ NOT NULL DEFAULT now(),
    "retired_at"  TIMESTAMPTZ,
    CONSTRAINT "receipt_keys_pkey" PRIMARY KEY ("kid")
);

CREATE UNIQUE INDEX "receipt_keys_in_use_key" ON "receipt_keys"((true)) WHERE "retired_at" IS NULL;
