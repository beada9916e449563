// Prisma 7 configuration (the CLI reads it; the service itself never does).
// The connection URL is only needed by CLI commands that talk to a database (`prisma migrate
// deploy`, `prisma studio`); `prisma generate` works without it.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' },
});
