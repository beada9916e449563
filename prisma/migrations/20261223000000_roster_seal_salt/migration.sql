-- Salted seals of stored lists (CONTRACT §9.4).
--
-- eden_rosters  `seal_salt`: the random salt of a sealed list's public hash (`rosterSha256` =
--               hex SHA-256 of salt + ":" + the list's canonical JSON). It is secret while the list
--               is sealed and published with the list once it opens (its time passed, or its owner
--               revealed it), so anyone can check the hash shown before against the list shown
--               after. NULL for a list stored open, and for lists sealed before this migration
--               (their public hash stays the unsalted one they were shown with).

ALTER TABLE "eden_rosters" ADD COLUMN "seal_salt" TEXT;
