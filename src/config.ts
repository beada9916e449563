/** Configuration from the environment (CONTRACT §0); README lists every variable. */
export interface Config {
  port: number;
  host: string;
  databaseUrl?: string;
  /**
   * Connections of the process's PostgreSQL pool (DATABASE_POOL_SIZE, 1..1000, default 10); each API
   * process opens one more for LISTEN (live feeds). Budget: replicas × (pool + 1) ≤ the server's
   * max_connections minus headroom (workers, migrations, psql). Not used by the embedded database.
   */
  databasePoolSize: number;
  redisUrl?: string;
  adminToken?: string;
  /** Requests per minute per API key, else per client IP (RATE_LIMIT_PER_MINUTE, default 600); 0 turns every rate limit off, the token and match budgets below included. */
  rateLimitPerMinute: number;
  /**
   * Requests per minute per seat or spectator token (RATE_LIMIT_PER_TOKEN_PER_MINUTE, default 600; 0: no
   * per-token budget), CONTRACT §9.4: a token's requests never count against its owner's key. A seat's
   * tokens of one generation share one budget; each spectator token has its own.
   */
  rateLimitPerTokenPerMinute: number;
  /** Requests per minute of all the seat and spectator tokens of one match together (RATE_LIMIT_PER_MATCH_PER_MINUTE, default 3000; 0: no cap). */
  rateLimitPerMatchPerMinute: number;
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
  /** Army lists one API key may store (MAX_STORED_ROSTERS_PER_KEY, default 1000; 0: no cap); past it POST /v1/eden/rosters is 429 `quota_exceeded`. */
  maxStoredRostersPerKey: number;
  /** Largest stored army list in bytes of its JSON (MAX_STORED_ROSTER_BYTES, default 65536; 0: no cap); larger is 413 `roster_too_large`. */
  maxStoredRosterBytes: number;
  /** League catalog versions one API key may store (MAX_STORED_CATALOG_VERSIONS_PER_KEY, default 1000; 0: no cap); past it 429 `quota_exceeded`. */
  maxStoredCatalogVersionsPerKey: number;
  /** Largest stored catalog version in bytes of its JSON (MAX_STORED_CATALOG_BYTES, default 262144; 0: no cap); larger is 413 `catalog_too_large`. */
  maxStoredCatalogBytes: number;
  // --- anonymous blind-roll storage (issue 35 item 5; src/app/dice/blind.ts DEFAULT_BLIND_ROLL_BUDGET) ---
  /**
   * Live blind rolls one client address may keep without an API key (MAX_BLIND_ROLLS_PER_IP, default
   * 500; 0: no cap): past it POST /v1/dice/rolls `{"blind": true}` is 429 `quota_exceeded` with
   * Retry-After (until its oldest roll expires). Rolls made with an API key are not counted.
   */
  maxBlindRollsPerIp: number;
  /** Live blind rolls of all anonymous clients together (MAX_BLIND_ROLLS_ANONYMOUS, default 100000; 0: no cap); past it the same 429. */
  maxAnonymousBlindRolls: number;
  // --- end of anonymous blind-roll storage ---
  /** Open streams (SSE feeds and GraphQL subscriptions) per API key (MAX_STREAMS_PER_KEY, default 100; 0: no cap). */
  maxStreamsPerKey: number;
  /** Open streams per client IP (MAX_STREAMS_PER_IP, default 100; 0: no cap). */
  maxStreamsPerIp: number;
  /**
   * Open streams per seat or spectator token (MAX_STREAMS_PER_TOKEN, default 10; 0: no cap), CONTRACT
   * §9.4: they never take the owner key's MAX_STREAMS_PER_KEY slots. A seat's tokens of one generation
   * share the cap; each spectator token has its own.
   */
  maxStreamsPerToken: number;
  /** Open streams of all the seat and spectator tokens of one match together (MAX_STREAMS_PER_MATCH, default 200; 0: no cap). */
  maxStreamsPerMatch: number;
  /** Longest a SIGTERM/SIGINT shutdown may take before the process gives up with exit code 1 (SHUTDOWN_GRACE_MS, 1..5000, default 4000), counted after the drain. */
  shutdownGraceMs: number;
  /**
   * How long a SIGTERM'd process keeps serving with /ready at 503 before it ends its streams and
   * closes (SHUTDOWN_DRAIN_MS, 0..60000, default 2000; CONTRACT §9.4), so a balancer polling /ready
   * takes it out of rotation without dropping a request.
   */
  shutdownDrainMs: number;
  /**
   * Which proxies in front of the service to trust (TRUST_PROXY, CONTRACT §9.4; Fastify's
   * `trustProxy`): a hop count (`1`: one balancer) or a comma-separated list of addresses and CIDRs;
   * absent → none: the client's address is the connection's peer. Trusted, every per-IP limit and
   * log line uses the client's address from `X-Forwarded-For`.
   */
  trustProxy?: number | string[] | undefined;
  /** Base of absolute links such as share links (PUBLIC_URL, CONTRACT §8.5): origin plus an optional path prefix, without a trailing slash; absent → links are relative paths. A request's Host / X-Forwarded-* never choose a link's host. */
  publicUrl?: string;
  /** Answer CORS preflights that ask `Access-Control-Request-Private-Network: true` with `Access-Control-Allow-Private-Network: true` (CORS_PRIVATE_NETWORK=true; default off). */
  corsPrivateNetwork: boolean;
  /** Where the app's log lines go (tests capture them here); absent → stdout. Not read from the environment. */
  logStream?: { write(line: string): void };
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
  /** `__schema`/`__type` allowed (GRAPHQL_INTROSPECTION=true|false); absent → on outside production, off in production. */
  introspection?: boolean;
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

/** SHUTDOWN_DRAIN_MS: 0..60000 ms. */
function shutdownDrain(value: string | undefined): number {
  const ms = int(value, 2000);
  if (ms < 0 || ms > 60_000) throw new Error(`SHUTDOWN_DRAIN_MS must be between 0 and 60000, got "${value}"`);
  return ms;
}

/** SIGTERM must end with exit 0 within 5 s even with streams open (CONTRACT §8.5): a longer grace is a configuration error. */
function shutdownGrace(value: string | undefined): number {
  const ms = int(value, 4000);
  if (ms < 1 || ms > 5000) throw new Error(`SHUTDOWN_GRACE_MS must be between 1 and 5000, got "${value}"`);
  return ms;
}

/** TRUST_PROXY: a hop count (1..10) or addresses / CIDRs separated by commas; empty or absent → undefined (trust none). */
function trustProxy(value: string | undefined): number | string[] | undefined {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0' || text === 'false') return undefined;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw new Error(`TRUST_PROXY must be a hop count from 1 to 10 or a list of addresses / CIDRs, got "${value}"`);
    return hops;
  }
  const list = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  const bad = list.find((t) => !/^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(t) && !['loopback', 'linklocal', 'uniquelocal'].includes(t));
  if (bad) throw new Error(`TRUST_PROXY must be a hop count from 1 to 10 or a list of addresses / CIDRs, got "${bad}"`);
  return list;
}

/**
 * PUBLIC_URL (CONTRACT §8.5): an absolute http(s) URL without credentials, query or fragment; a
 * path prefix is kept, the trailing slash dropped ("https://x.org/arbiter/" → "https://x.org/arbiter").
 */
function publicUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const problem = (why: string) =>
    new Error(`PUBLIC_URL must be an absolute http(s) URL such as "https://league.example.org" or "https://example.org/arbiter" (${why}), got "${value}"`);
  const text = value.trim();
  if (!/^https?:\/\/[^/?#]/i.test(text)) throw problem('it starts with http:// or https:// and a host');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw problem('it is not a valid URL');
  }
  if (text.includes('?') || text.includes('#')) throw problem('no query or fragment');
  if (url.username || url.password) throw problem('no user name or password');
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** An absolute link to `path` (starting with "/") under PUBLIC_URL; without it, the relative path itself. */
export function publicLink(base: string | undefined, path: string): string {
  return base === undefined ? path : base + path;
}

/** A boolean setting: "true" or "false" (absent or empty → `fallback`); anything else stops start-up. */
function bool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new Error(`${name} must be "true" or "false", got "${value}"`);
}

/** DATABASE_POOL_SIZE (CONTRACT §9.4): at least one connection; above 1000 is a typo, not a plan. */
function databasePoolSize(value: string | undefined): number {
  const size = int(value, 10);
  if (size < 1 || size > 1000) throw new Error(`DATABASE_POOL_SIZE must be between 1 and 1000, got "${value}"`);
  return size;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000),
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: databasePoolSize(env.DATABASE_POOL_SIZE),
    redisUrl: env.REDIS_URL || undefined,
    adminToken: env.ADMIN_TOKEN || undefined,
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 600),
    rateLimitPerTokenPerMinute: int(env.RATE_LIMIT_PER_TOKEN_PER_MINUTE, 600),
    rateLimitPerMatchPerMinute: int(env.RATE_LIMIT_PER_MATCH_PER_MINUTE, 3000),
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
      introspection: env.GRAPHQL_INTROSPECTION ? env.GRAPHQL_INTROSPECTION === 'true' : undefined,
    },
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 30_000),
    adminAuthFailuresPerMinute: int(env.ADMIN_AUTH_FAILURES_PER_MINUTE, 10),
    receiptSigningKey: env.RECEIPT_SIGNING_KEY || undefined,
    receiptIssuer: env.RECEIPT_ISSUER || 'arbiter',
    feedTokenTtlSeconds: feedTokenTtl(env.FEED_TOKEN_TTL_SECONDS),
    maxStoredRostersPerKey: int(env.MAX_STORED_ROSTERS_PER_KEY, 1000),
    maxStoredRosterBytes: int(env.MAX_STORED_ROSTER_BYTES, 65_536),
    maxStoredCatalogVersionsPerKey: int(env.MAX_STORED_CATALOG_VERSIONS_PER_KEY, 1000),
    maxStoredCatalogBytes: int(env.MAX_STORED_CATALOG_BYTES, 262_144),
    // anonymous blind-roll storage (defaults: DEFAULT_BLIND_ROLL_BUDGET)
    maxBlindRollsPerIp: int(env.MAX_BLIND_ROLLS_PER_IP, 500),
    maxAnonymousBlindRolls: int(env.MAX_BLIND_ROLLS_ANONYMOUS, 100_000),
    maxStreamsPerKey: int(env.MAX_STREAMS_PER_KEY, 100),
    maxStreamsPerIp: int(env.MAX_STREAMS_PER_IP, 100),
    maxStreamsPerToken: int(env.MAX_STREAMS_PER_TOKEN, 10),
    maxStreamsPerMatch: int(env.MAX_STREAMS_PER_MATCH, 200),
    shutdownGraceMs: shutdownGrace(env.SHUTDOWN_GRACE_MS),
    shutdownDrainMs: shutdownDrain(env.SHUTDOWN_DRAIN_MS),
    publicUrl: publicUrl(env.PUBLIC_URL),
    trustProxy: trustProxy(env.TRUST_PROXY),
    corsPrivateNetwork: bool('CORS_PRIVATE_NETWORK', env.CORS_PRIVATE_NETWORK, false),
  };
}
