// Part of `npm run build` (scripts/build.mjs), after the compilation: writes the request bodies'
// validators out as dist/kernel/validators.prebuilt.js (src/kernel/validator-source.ts), which the
// built service loads at start-up instead of compiling them (src/http/precompile.ts). Uses the
// compiled dist/. Without it the service compiles them as before.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST, fromDist } from './build.mjs';

const PREBUILT_VALIDATORS = join(DIST, 'kernel/validators.prebuilt.js');

export async function writePrebuiltValidators() {
  const { operations } = await fromDist('app/registry.js');
  const { bodyValidatorSource } = await fromDist('kernel/validator-source.js');
  const schemas = operations.flatMap((op) => (op.body ? [op.body] : []));
  writeFileSync(PREBUILT_VALIDATORS, bodyValidatorSource(schemas));
  return schemas.length;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const began = Date.now();
  const count = await writePrebuiltValidators();
  process.stderr.write(`prebuilt validators: ${PREBUILT_VALIDATORS} (${count} request bodies, ${Date.now() - began} ms)\n`);
}
