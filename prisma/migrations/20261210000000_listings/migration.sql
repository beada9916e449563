-- Listings (CONTRACT §8.2): GET /v1/simulations pages a key's simulations newest first by
-- (created_at, id). This index lets each page read backwards from its cursor instead of sorting
-- every simulation the key ever submitted; ties on created_at are ordered by id on the few rows
-- that share it. (GET /v1/matches reads matches_owner_id_created_at_idx the same way.)

CREATE INDEX "simulations_api_key_id_created_at_idx" ON "simulations" ("api_key_id", "created_at");
