-- Seats of a match (CONTRACT §8.1): per player id, the generation of its seat tokens. A seat token
-- carries the generation it was issued in; DELETE /v1/matches/{id}/seats/{playerId}/tokens raises
-- the generation, so every token issued before stops working (tokens are not stored).
ALTER TABLE "matches" ADD COLUMN "seats" JSONB NOT NULL DEFAULT '{}';
