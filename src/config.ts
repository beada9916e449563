/** Configuration from the environment (CONTRACT §0); README lists every variable. */
export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  redisUrl?: string;
  adminToken?: string;
  rateLimitPerMinute: number;
  logLevel: string;
  dataDir: string;
  production: boolean;
  /** Event-loop delay above which requests are shed with 503 + Retry-After. */
  maxEventLoopDelayMs: number;
  /** BullMQ queue shared by the API and `npm run worker` (QUEUE_NAME). */
  queueName: string;
  /** GraphQL cost limits (src/graphql/limits.ts); 0 turns one off. */
  graphql: GraphqlLimits;
  /** Longest time a client may take to send a whole request (headers and body) before a 408. */
  requestTimeoutMs: number;
  /** Failed admin authentications one IP may make per minute before every admin request is 429. */
  adminAuthFailuresPerMinute: number;
  /** Ed25519 private key (PKCS#8 PEM) that signs receipts (RECEIPT_SIGNING_KEY); absent → generated once, kept in the database. */
  receiptSigningKey?: string;
  /** `iss` of receipts (RECEIPT_ISSUER, default "arbiter"). */
  receiptIssuer: string;
  /** Lifetime of feed tokens in seconds (FEED_TOKEN_TTL_SECONDS, 1..600, default 600). */
  feedTokenTtlSeconds: number;
}

/** What one GraphQL document may ask for; above any of these it is refused before it runs. */
export interface GraphqlLimits {
  maxDepth: number;
  maxAliases: number;
  maxRootFields: number;
  maxTokens: number;
  maxDirectives: number;
  /** Selections of fields whose answer is large whatever the input (the catalog, stored matches). */
  maxLargeFields: number;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`Expected a non-negative integer, got "${value}"`);
  return n;
}

/** Feed tokens live at most 10 minutes (CONTRACT §7.2): a longer lifetime is a configuration error. */
function feedTokenTtl(value: string | undefined): number {
  const seconds = int(value, 600);
  if (seconds < 1 || seconds > 600) throw new Error(`FEED_TOKEN_TTL_SECONDS must be between 1 and 600, got "${value}"`);
  return seconds;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600),
    logLevel: env.LOG_LEVEL || 'info',
    dataDir: env.DATA_DIR || './.data',
    production: env.NODE_ENV === 'production',
    maxEventLoopDelayMs: int(env.MAX_EVENT_LOOP_DELAY_MS, 1000),
    queueName: env.QUEUE_NAME || 'arbiter-jobs',
    graphql: {
      maxDepth: int(env.GRAPHQL_MAX_DEPTH, 8),
      maxAliases: int(env.GRAPHQL_MAX_ALIASES, 15),
      maxRootFields: int(env.GRAPHQL_MAX_ROOT_FIELDS, 20),
      maxTokens: int(env.GRAPHQL_MAX_TOKENS, 10_000),
      maxDirectives: int(env.GRAPHQL_MAX_DIRECTIVES, 10),
      maxLargeFields: int(env.GRAPHQL_MAX_LARGE_FIELDS, 2),
    },
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000),
    adminAuthFailuresPerMinute: int(env.ADMIN_AUTH_FAILURES_PER_MINUTE, 10),
    receiptSigningKey: env.RECEIPT_SIGNING_KEY || undefined,
    receiptIssuer: env.RECEIPT_ISSUER || 'arbiter',
    feedTokenTtlSeconds: feedTokenTtl(env.FEED_TOKEN_TTL_SECONDS),
  };
}
