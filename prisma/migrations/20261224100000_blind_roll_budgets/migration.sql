-- Anonymous storage budgets of blind rolls (issue 35, item 5).
--
-- blind_rolls   `client`: the anonymous budget a roll counts in — a digest of the address that
--               asked for it (MAX_BLIND_ROLLS_PER_IP live rolls per client,
--               MAX_BLIND_ROLLS_ANONYMOUS over every client together). NULL for a roll made with
--               an API key, and for rolls kept before this migration (they count in no budget).
--               Index `blind_rolls_client_expires_at_idx` counts a client's live rows (and every
--               anonymous live row) and finds when the oldest of them expires.

ALTER TABLE "blind_rolls" ADD COLUMN "client" TEXT;

CREATE INDEX "blind_rolls_client_expires_at_idx" ON "blind_rolls"("client", "expires_at");
