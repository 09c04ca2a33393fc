import path from 'node:path';
import type { SnomedDialect } from '../contract/knowledge/snomed';
import { localLoginFrom, publicUrlFrom, ssoConfigFrom, type SsoConfig } from './sso-config';

/**
 * The SNOMED upload limit's default in MB: an International release .zip is about 0.5–0.6 GB, so
 * the old 200 MB refused it unless raised. Uploads are streamed to disk (and, on PostgreSQL, to
 * the database in 1 MB chunks), never held in memory.
 */
export const SNOMED_IMPORT_MAX_MB_DEFAULT = 1024;

export interface AppConfig {
  /** Embedded database directory (PGlite) when no databaseUrl is set. `null` = in memory (tests). */
  dataDir: string | null;
  /** postgres://… to use a PostgreSQL server instead of the embedded database. */
  databaseUrl: string | null;
  /** HMAC secret for access tokens. When absent, one is generated once and kept in the database. */
  tokenSecret: string | null;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** How often each instance checks its sockets' sign-ins and permissions (live/socket-sessions.ts). */
  socketSessionCheckMs: number;
  /** Origins allowed to call the API from other sites (embedded widgets). */
  corsOrigins: string[];
  /** Requests per minute per client address over all the credential routes together (plugins/limits/credential-limits.ts). */
  authRateLimitPerMinute: number;
  /** Sign-in and password-check attempts per minute per account, from any address. */
  authAccountRateLimitPerMinute: number;
  /** Requests per minute per client address to the other public routes (sign-out, attachment links, probes). */
  publicRateLimitPerMinute: number;
  /**
   * How deep a JSON body or query may nest, by URL prefix (the longest matching prefix wins; other
   * paths get the /api bound): plugins/bounded-input.ts. KG_INPUT_MAX_DEPTH="/api=64,/fhir=256".
   */
  inputDepthLimits: Record<string, number>;
  /** Largest attachment accepted (bytes). */
  attachmentMaxBytes: number;
  /** Largest SNOMED import file (bytes; a full RF2 description snapshot is ~150 MB). */
  snomedImportMaxBytes: number;
  /** The dialect whose language reference set names a concept's preferred term (KG_SNOMED_DIALECT=en-GB). */
  snomedDialect: SnomedDialect;
  /** How long POST /nodes/upload waits for the job to finish so it can answer with the summary. */
  uploadAnswerWaitMs: number;
  /** Load the sample medical graph into a new embedded database. */
  sampleData: boolean;
  /** Built front end (host app in `host/`, widget bundle in `widgets/`); null = API only. */
  distDir: string | null;
  examplesDir: string | null;
  /** Serve the embedding examples under /examples/ (KG_EXAMPLES=1: npm run dev and the tests; off in production). */
  examples: boolean;
  logLevel: string;
  /** Trust X-Forwarded-For (behind a load balancer). */
  trustProxy: boolean;
  /** Single sign-on through an OpenID provider (KG_OIDC_*); null = passwords only. */
  sso: SsoConfig | null;
  /** KG_LOCAL_LOGIN=off: password sign-in only for admins, at /login?local=1 (break-glass). */
  localLogin: boolean;
  /** KG_PUBLIC_URL's origin: where users reach the app (else the request's own origin). */
  publicUrl: string | null;
  /** KG_FHIR_ANONYMOUS_READ=1: FHIR reads without a sign-in (an intranet's portals); writes still need one. */
  fhirAnonymousRead: boolean;
  /** KG_FHIR_CANONICAL_BASE: the base of the graph's canonical FHIR urls (else the public origin + /fhir). */
  fhirCanonicalBase: string | null;
  /** PostgreSQL: a job without a heartbeat for this long is taken over by another instance. */
  jobStaleSeconds: number;
  /** PostgreSQL: how often each instance looks for jobs to take over (and stored uploads to remove). */
  jobSweepSeconds: number;
  /**
   * An import whose database connection drops waits this long before each try to go on from its
   * checkpoint (ms); one try per entry, then it stops as interrupted. Not an operator setting:
   * fault tests shorten the waits rather than sit through them.
   */
  jobReconnectDelaysMs: readonly number[];
  /** The likely-duplicates refresh (analytics/duplicates.ts): seconds after start of the first; null = never (tests). */
  duplicatesFirstRefreshSeconds: number | null;
}

const root = path.resolve(import.meta.dirname, '../..');

/** The default nesting bounds: the API's payloads are shallow; FHIR resources nest deeper. */
/** Six tries over ~12 s: a database restart or fail-over is usually over by then. */
export const JOB_RECONNECT_DELAYS_MS: readonly number[] = [200, 500, 1000, 2000, 4000, 4000];

export const DEFAULT_INPUT_DEPTH_LIMITS: Readonly<Record<string, number>> = { '/api': 64, '/fhir': 256 };

/** `"/api=64,/fhir=256"` over the defaults; entries that are not `/prefix=positive integer` are ignored. */
export function depthLimitsFrom(value: string | undefined): Record<string, number> {
  const limits: Record<string, number> = { ...DEFAULT_INPUT_DEPTH_LIMITS };
  for (const entry of (value ?? '').split(',')) {
    const match = /^\s*(\/[^=\s]*)\s*=\s*(\d{1,6})\s*$/.exec(entry);
    if (match && Number(match[2]) > 0) limits[match[1]] = Number(match[2]);
  }
  return limits;
}

function numberFrom(value: string | undefined, fallback: number): number {
  const n = value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

/** What only the process (main.ts) needs besides the app's configuration. */
export interface ProcessConfig {
  port: number;
  host: string;
  /** SIGTERM: how long to stay up not-ready before closing, for load balancers to notice. */
  drainDelaySeconds: number;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig & ProcessConfig {
  return {
    port: numberFrom(env.PORT, 3000),
    host: env.HOST ?? '0.0.0.0',
    drainDelaySeconds: Math.max(0, numberFrom(env.KG_DRAIN_DELAY_SECONDS, 0)),
    dataDir: path.resolve(env.DATA_DIR ?? path.join(root, 'data')),
    databaseUrl: env.DATABASE_URL || null,
    tokenSecret: env.KG_TOKEN_SECRET || null,
    accessTokenTtlSeconds: numberFrom(env.KG_ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlDays: numberFrom(env.KG_REFRESH_TOKEN_DAYS, 30),
    socketSessionCheckMs: Math.max(200, numberFrom(env.KG_SOCKET_SESSION_CHECK_MS, 2000)),
    corsOrigins: (env.KG_CORS_ORIGINS ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    authRateLimitPerMinute: numberFrom(env.KG_AUTH_RATE_LIMIT, 30),
    authAccountRateLimitPerMinute: numberFrom(env.KG_AUTH_ACCOUNT_RATE_LIMIT, 10),
    publicRateLimitPerMinute: numberFrom(env.KG_PUBLIC_RATE_LIMIT, 300),
    inputDepthLimits: depthLimitsFrom(env.KG_INPUT_MAX_DEPTH),
    attachmentMaxBytes: numberFrom(env.KG_ATTACHMENT_MAX_MB, 50) * 1024 * 1024,
    snomedImportMaxBytes: numberFrom(env.KG_SNOMED_IMPORT_MAX_MB, SNOMED_IMPORT_MAX_MB_DEFAULT) * 1024 * 1024,
    snomedDialect: env.KG_SNOMED_DIALECT?.trim().toLowerCase() === 'en-gb' ? 'en-GB' : 'en-US',
    uploadAnswerWaitMs: numberFrom(env.KG_UPLOAD_ANSWER_WAIT_MS, 1500),
    sampleData: env.KG_SAMPLE_DATA !== '0',
    distDir: path.join(root, 'dist'),
    examplesDir: path.join(root, 'examples'),
    examples: env.KG_EXAMPLES === '1',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: env.KG_TRUST_PROXY === '1',
    sso: ssoConfigFrom(env),
    localLogin: localLoginFrom(env.KG_LOCAL_LOGIN),
    publicUrl: publicUrlFrom(env.KG_PUBLIC_URL),
    fhirAnonymousRead: env.KG_FHIR_ANONYMOUS_READ === '1',
    fhirCanonicalBase: env.KG_FHIR_CANONICAL_BASE?.trim().replace(/\/+$/, '') || null,
    jobStaleSeconds: Math.max(2, numberFrom(env.KG_JOB_STALE_SECONDS, 15)),
    jobSweepSeconds: Math.max(0.2, numberFrom(env.KG_JOB_SWEEP_SECONDS, 5)),
    jobReconnectDelaysMs: JOB_RECONNECT_DELAYS_MS,
    duplicatesFirstRefreshSeconds: Math.max(0, numberFrom(env.KG_DUPLICATES_FIRST_SECONDS, 30)),
  };
}

/** Defaults for tests and embedding: in-memory database, no static files. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    dataDir: null,
    databaseUrl: null,
    tokenSecret: 'test-secret-0123456789abcdef',
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    socketSessionCheckMs: 2000,
    corsOrigins: [],
    authRateLimitPerMinute: 1000,
    authAccountRateLimitPerMinute: 1000,
    publicRateLimitPerMinute: 1000,
    inputDepthLimits: { ...DEFAULT_INPUT_DEPTH_LIMITS },
    attachmentMaxBytes: 50 * 1024 * 1024,
    snomedImportMaxBytes: 200 * 1024 * 1024,
    snomedDialect: 'en-US',
    uploadAnswerWaitMs: 1500,
    sampleData: false,
    distDir: null,
    examplesDir: null,
    examples: false,
    logLevel: 'silent',
    trustProxy: false,
    sso: null,
    localLogin: true,
    publicUrl: null,
    fhirAnonymousRead: false,
    fhirCanonicalBase: null,
    jobStaleSeconds: 15,
    jobSweepSeconds: 5,
    jobReconnectDelaysMs: JOB_RECONNECT_DELAYS_MS,
    // A refresh that starts on its own in the middle of a test would change what the test sees.
    duplicatesFirstRefreshSeconds: null,
    ...overrides,
  };
}
