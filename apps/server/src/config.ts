import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_RECYCLE_BIN_RETENTION_DAYS } from '@lectern/contracts/courses/recycle-bin.schemas';
import { parseAllowHosts } from './platform/http/outbound-fetch.ts';
import { AI_FEATURES, type AiFeature } from '@lectern/contracts/ai/ai.schemas';

const MiB = 1024 * 1024;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Connections the kernel holds for the process before it accepts them. Node's default of 511 is smaller
   * than one class opening an exam at the same minute: the rest of their connection attempts were dropped
   * and retried by the browsers 1, 3 and 7 s later (issue 12). The kernel caps it at net.core.somaxconn.
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(4096),
  DATA_DIR: z.string().default('./data'),
  /** Unset: embedded PGlite under DATA_DIR. Set: a PostgreSQL server. */
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  /** Set when served over HTTPS so cookies get the Secure flag. */
  COOKIE_SECURE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(500 * MiB),
  /** Where upload bytes live: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket, S3_*). */
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  /** The S3-compatible server's URL (MinIO, Ceph RGW…); unset: AWS S3 in S3_REGION. */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  /** Both or neither; unset: the AWS SDK's default credential chain (e.g. an instance role). */
  S3_ACCESS_KEY_ID: z.string().trim().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Bucket in the URL path rather than the host name; MinIO and Ceph usually need `true`. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** Prepended to every object key (e.g. `lectern/`), for a bucket shared with other data. */
  S3_PREFIX: z.string().trim().default(''),
  /** How long an upload nothing refers to is kept (a dialog may still attach it) before it is swept. */
  UPLOAD_ORPHAN_GRACE_HOURS: z.coerce.number().positive().default(24),
  /** How long deleted courses, modules, syllabi and activities stay restorable before the purge (decision 0015). */
  RECYCLE_BIN_RETENTION_DAYS: z.coerce.number().positive().default(DEFAULT_RECYCLE_BIN_RETENTION_DAYS),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * MiB),
  /** Failed sign-ins an account (or an unknown login name) may have before each next try must wait. */
  LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(0).default(5),
  /** Failed sign-ins after which the account is locked for LOGIN_ACCOUNT_LOCK_MINUTES. */
  LOGIN_ACCOUNT_LOCK_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_ACCOUNT_LOCK_MINUTES: z.coerce.number().positive().default(15),
  /** Failure counters are forgotten after this long without an attempt. */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  /**
   * Failed sign-ins from one address, across accounts, before the address must earn further tries with
   * successful sign-ins of distinct accounts (credential stuffing; decision 0009).
   */
  LOGIN_ADDRESS_FAILURES: z.coerce.number().int().positive().default(100),
  /** Sign-ins from one address whose passwords may be checked at once (a whole hall clicking together). */
  LOGIN_ADDRESS_IN_FLIGHT: z.coerce.number().int().positive().default(500),
  /** Set to keep login counters in Redis (e.g. redis://127.0.0.1:6379) instead of the database. */
  REDIS_URL: z.string().trim().optional(),
  /**
   * Hosts, addresses and CIDR ranges that organisation administrators' vendor URLs (and the links vendors
   * answer with) may reach although they are not public addresses (comma-separated, e.g.
   * `10.0.0.0/8,bbb.campus.internal`). Unset: only public addresses (platform/http/outbound-fetch.ts).
   */
  OUTBOUND_ALLOW_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseAllowHosts(value);
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  /** Prefix of Lectern's Redis keys, for several installations sharing one Redis. */
  REDIS_KEY_PREFIX: z.string().trim().default('lectern:'),
  /**
   * Which proxies may tell us the client address (X-Forwarded-For): unset trusts none, so nobody can pick
   * their own address and slip past the login failure limits. Set the proxy's addresses or CIDRs
   * (comma-separated, e.g. `127.0.0.1`), or `true` to trust any.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default('false')
    .transform((v): boolean | string => (v === '' || v === 'false' ? false : v === 'true' ? true : v)),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load demo data into an empty database on start. */
  SEED_DEMO: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** Where the built web app lives; unset means the monorepo's apps/web/dist. */
  WEB_DIST: z.string().optional(),
  /**
   * LibreOffice's command for Office → PDF previews: a name looked up on PATH, or a path. When it cannot
   * be found, previews of Office files answer that LibreOffice is not installed.
   */
  SOFFICE_PATH: z.string().trim().min(1).default('soffice'),
  /** How long one Office → PDF conversion may run before it is killed. */
  SOFFICE_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  /**
   * An external duplicate checker speaking the generic HTTP JSON protocol (decision 0010); unset: off.
   * Homework files are then also sent there and its similarity and report link shown in the check view.
   */
  DUPLICATE_CHECK_PROVIDER_URL: z.url().optional(),
  /** Bearer token for that checker. */
  DUPLICATE_CHECK_PROVIDER_TOKEN: z.string().optional(),
  /** The checker's name as shown to instructors. */
  DUPLICATE_CHECK_PROVIDER_NAME: z.string().trim().min(1).default('external'),
  /** How often a submitted file's result is asked for. */
  DUPLICATE_CHECK_POLL_SECONDS: z.coerce.number().positive().default(60),
  /**
   * Another Lectern whose published knowledge graphs courses here may sync from (the spec's external
   * knowledge source, `kfs`), e.g. https://lectern.partner.edu; unset: the kfs calls answer 409.
   */
  KNOWLEDGE_SOURCE_URL: z.url().optional(),
  /** A personal access token (read scope) of the account the remote Lectern lets read its graphs. */
  KNOWLEDGE_SOURCE_TOKEN: z.string().optional(),
  /** The source's name as shown to instructors. */
  KNOWLEDGE_SOURCE_NAME: z.string().trim().min(1).optional(),
  KNOWLEDGE_SOURCE_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
  /**
   * The address users reach Lectern at (e.g. https://lms.example.edu), required for single sign-on: the
   * callback URLs given to the identity provider are built from it, never from the request's Host header.
   */
  LECTERN_PUBLIC_URL: z.url().optional(),
  /** The organisation single sign-on users belong to (its code); unset: the only organisation. */
  LECTERN_SSO_ORG_CODE: z.string().trim().min(1).optional(),
  /** Create an account on first sign-in through the identity provider; off: unknown users are refused. */
  LECTERN_SSO_JIT: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** The CAS server's base URL (e.g. https://cas.example.edu/cas); set to sign in through CAS. */
  LECTERN_CAS_URL: z.url().optional(),
  /** 3: /p3/serviceValidate with attributes; 2: /serviceValidate (attributes read when the server sends them). */
  LECTERN_CAS_VERSION: z.enum(['2', '3']).default('3'),
  LECTERN_CAS_DISPLAY_NAME: z.string().trim().min(1).default('CAS'),
  /** The attribute holding the user number; unset: the CAS user name itself. */
  LECTERN_CAS_USER_NO_ATTRIBUTE: z.string().trim().min(1).optional(),
  LECTERN_CAS_NAME_ATTRIBUTE: z.string().trim().min(1).default('cn'),
  LECTERN_CAS_EMAIL_ATTRIBUTE: z.string().trim().min(1).default('mail'),
  /** The OpenID Connect issuer (discovery at <issuer>/.well-known/openid-configuration). */
  LECTERN_OIDC_ISSUER: z.url().optional(),
  LECTERN_OIDC_CLIENT_ID: z.string().trim().min(1).optional(),
  LECTERN_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  LECTERN_OIDC_DISPLAY_NAME: z.string().trim().min(1).default('OpenID Connect'),
  LECTERN_OIDC_SCOPES: z.string().trim().min(1).default('openid profile email'),
  LECTERN_OIDC_USER_NO_CLAIM: z.string().trim().min(1).default('preferred_username'),
  LECTERN_OIDC_NAME_CLAIM: z.string().trim().min(1).default('name'),
  LECTERN_OIDC_EMAIL_CLAIM: z.string().trim().min(1).default('email'),
  /**
   * An OpenAI-compatible chat-completions endpoint (OpenAI, Azure OpenAI, DeepSeek, DashScope, vLLM, Ollama…),
   * e.g. https://api.openai.com/v1; unset: AI features are off and their calls answer 503 (decision 0017).
   */
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  /** The model every feature uses unless AI_MODEL_<FEATURE> (QUESTION_IMPORT, RUBRIC_GENERATION, GRADING) names another. */
  AI_MODEL: z.string().trim().min(1).optional(),
  AI_MODEL_QUESTION_IMPORT: z.string().trim().min(1).optional(),
  AI_MODEL_RUBRIC_GENERATION: z.string().trim().min(1).optional(),
  AI_MODEL_GRADING: z.string().trim().min(1).optional(),
  AI_MODEL_VIDEO_GENERATION: z.string().trim().min(1).optional(),
  AI_MODEL_KNOWLEDGE_PARSE: z.string().trim().min(1).optional(),
  /** The speech-to-text model of the provider's `/audio/transcriptions` (video captions). */
  AI_TRANSCRIPTION_MODEL: z.string().trim().min(1).default('whisper-1'),
  /** Characters of text (student work, documents) sent to a model at most; longer inputs are cut. */
  AI_MAX_TEXT_LENGTH: z.coerce.number().int().positive().default(20_000),
  /** How long one model call may take, first byte to last, before it is abandoned (and costs nothing). */
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  /** Credits debited per 1000 tokens (prompt + completion) the provider reports; per feature overrides. */
  AI_CREDITS_PER_1K_TOKENS: z.coerce.number().positive().default(1),
  AI_CREDITS_PER_1K_TOKENS_QUESTION_IMPORT: z.coerce.number().positive().optional(),
  AI_CREDITS_PER_1K_TOKENS_RUBRIC_GENERATION: z.coerce.number().positive().optional(),
  AI_CREDITS_PER_1K_TOKENS_GRADING: z.coerce.number().positive().optional(),
  AI_CREDITS_PER_1K_TOKENS_VIDEO_GENERATION: z.coerce.number().positive().optional(),
  AI_CREDITS_PER_1K_TOKENS_KNOWLEDGE_PARSE: z.coerce.number().positive().optional(),
  /** Credits per started minute of video transcribed for captions. */
  AI_CREDITS_PER_TRANSCRIBED_MINUTE: z.coerce.number().min(0).default(1),
  /** A BigBlueButton server's API base (…/bigbluebutton/) and shared secret; unset: meetings are linked by URL. */
  BBB_URL: z.url().optional(),
  BBB_SECRET: z.string().trim().min(1).optional(),
  BBB_CHECKSUM: z.enum(['sha1', 'sha256']).default('sha1'),
  /** Meeting activity types created on BigBlueButton (comma-separated); default every third-party type. */
  BBB_ACTIVITY_TYPES: z.string().optional(),
  /** Largest BigBlueButton recording (MB) copied into Lectern's files; larger ones stay links. */
  BBB_RECORDING_MAX_MB: z.coerce.number().int().positive().default(2048),
  /** Tencent Meeting REST API credentials of the organisation's self-built app; unset: links only. */
  TENCENT_MEETING_APP_ID: z.string().trim().min(1).optional(),
  TENCENT_MEETING_SDK_ID: z.string().trim().min(1).optional(),
  TENCENT_MEETING_SECRET_ID: z.string().trim().min(1).optional(),
  TENCENT_MEETING_SECRET_KEY: z.string().trim().min(1).optional(),
  TENCENT_MEETING_API_URL: z.url().default('https://api.meeting.qq.com'),
  /** Lark / Feishu app (OAuth + VC reserves); the redirect is Lectern's callback as registered there. */
  LARK_APP_ID: z.string().trim().min(1).optional(),
  LARK_APP_SECRET: z.string().trim().min(1).optional(),
  LARK_REDIRECT_URI: z.url().optional(),
  LARK_API_URL: z.url().default('https://open.feishu.cn'),
  LARK_ACCOUNTS_URL: z.url().default('https://accounts.feishu.cn'),
  /** CalDAV collection calendar meetings are PUT into (…/calendars/lectern/); unset: .ics invites only. */
  CALDAV_URL: z.url().optional(),
  CALDAV_USERNAME: z.string().optional(),
  CALDAV_PASSWORD: z.string().optional(),
  /** Weekly booking periods of a meeting type, JSON: {"tencent_meeting":{"timetables":[{"start":"08:00","end":"09:40"}],"enabled_days":[1,2,3,4,5]}}. */
  MEETING_TIME_PERIODS: z.string().optional(),
  /** First RTMP ingest port of lecture lives (one per live activity from here); unset: no ingest. */
  LIVE_RTMP_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** How many ports from LIVE_RTMP_PORT lectures may use at once. */
  LIVE_RTMP_PORTS: z.coerce.number().int().min(1).max(1000).default(50),
  /** The host name encoders reach the RTMP ports at; unset: the host the instructor's browser used. */
  LIVE_RTMP_PUBLIC_HOST: z.string().trim().min(1).optional(),
  /** ffmpeg's command (lecture lives, replays): a name on PATH or a path. Missing: live says not installed. */
  FFMPEG_PATH: z.string().trim().min(1).default('ffmpeg'),
});

export type Config = Readonly<{
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  listenBacklog: number;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  sessionSecret: string;
  sessionTtlMs: number;
  cookieSecure: boolean;
  uploadMaxBytes: number;
  storage: StorageConfig;
  uploadOrphanGraceMs: number;
  /** How long an item stays in a course's recycle bin before it is purged. */
  recycleBinRetentionMs: number;
  bodyLimitBytes: number;
  loginThrottle: Readonly<{
    freeFailures: number;
    lockFailures: number;
    lockMs: number;
    windowMs: number;
    addressFailures: number;
    addressInFlight: number;
  }>;
  redisUrl: string | undefined;
  /** Non-public hosts and ranges outbound calls to administrator-typed URLs may reach. */
  outboundAllowHosts: readonly string[];
  redisKeyPrefix: string;
  trustProxy: boolean | string;
  logLevel: string;
  seedDemo: boolean;
  webDist: string | undefined;
  sofficePath: string;
  sofficeTimeoutMs: number;
  duplicateCheckProvider:
    { url: string; token: string | undefined; name: string; pollMs: number } | undefined;
  knowledgeSource:
    Readonly<{ url: string; token: string | undefined; name: string; timeoutMs: number }> | undefined;
  sso: SsoConfig;
  ai: AiConfig;
  live: LiveConfig;
  bigBlueButton:
    | Readonly<{
        url: string;
        secret: string;
        checksum: 'sha1' | 'sha256';
        types: readonly string[] | undefined;
      }>
    | undefined;
  meetingVendors: MeetingVendorsConfig;
}>;

export type MeetingVendorsConfig = Readonly<{
  bbbRecordingMaxBytes: number;
  tencent:
    | Readonly<{
        appId: string;
        sdkId: string | undefined;
        secretId: string;
        secretKey: string;
        apiUrl: string;
      }>
    | undefined;
  lark:
    | Readonly<{ appId: string; appSecret: string; redirectUri: string; apiUrl: string; accountsUrl: string }>
    | undefined;
  caldav: Readonly<{ url: string; username: string | undefined; password: string | undefined }> | undefined;
  /** Raw JSON of MEETING_TIME_PERIODS, parsed by the meetings slice against its contract. */
  timePeriods: string | undefined;
}>;

export type LiveConfig = Readonly<{
  /** undefined: no RTMP ingest in this process. */
  rtmpPort: number | undefined;
  rtmpPorts: number;
  rtmpPublicHost: string | undefined;
  ffmpegPath: string;
}>;

export type AiConfig = Readonly<{
  /** undefined: no model configured, AI features hidden and refused with 503. */
  provider:
    | Readonly<{
        baseUrl: string;
        apiKey: string;
        models: Readonly<Record<AiFeature, string>>;
        transcriptionModel: string;
      }>
    | undefined;
  maxTextLength: number;
  creditsPerTranscribedMinute: number;
  timeoutMs: number;
  creditsPer1kTokens: Readonly<Record<AiFeature, number>>;
}>;

export type S3Config = Readonly<{
  endpoint: string | undefined;
  bucket: string;
  region: string;
  credentials: Readonly<{ accessKeyId: string; secretAccessKey: string }> | undefined;
  forcePathStyle: boolean;
  prefix: string;
}>;

export type StorageConfig =
  Readonly<{ driver: 'local'; root: string }> | Readonly<{ driver: 's3'; s3: S3Config }>;

export type CasConfig = Readonly<{
  url: string;
  version: 2 | 3;
  displayName: string;
  /** undefined: the CAS user name is the user number. */
  userNoAttribute: string | undefined;
  nameAttribute: string;
  emailAttribute: string;
}>;

export type OidcConfig = Readonly<{
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  displayName: string;
  scopes: string;
  userNoClaim: string;
  nameClaim: string;
  emailClaim: string;
}>;

/** Single sign-on (decision 0013): each protocol is undefined unless configured. */
export type SsoConfig = Readonly<{
  publicUrl: string | undefined;
  orgCode: string | undefined;
  jit: boolean;
  cas: CasConfig | undefined;
  oidc: OidcConfig | undefined;
}>;

/**
 * Reads configuration from the environment. A missing SESSION_SECRET is generated once and kept in
 * DATA_DIR so sessions survive restarts without anyone having to invent a secret.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    listenBacklog: e.LISTEN_BACKLOG,
    dataDir,
    databaseUrl: e.DATABASE_URL || undefined,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    sessionSecret: e.SESSION_SECRET ?? persistedSecret(dataDir),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600_000,
    cookieSecure: e.COOKIE_SECURE,
    uploadMaxBytes: e.UPLOAD_MAX_BYTES,
    storage: storageConfig(e, dataDir),
    uploadOrphanGraceMs: e.UPLOAD_ORPHAN_GRACE_HOURS * 3600_000,
    recycleBinRetentionMs: e.RECYCLE_BIN_RETENTION_DAYS * 86_400_000,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    loginThrottle: {
      freeFailures: e.LOGIN_ACCOUNT_FREE_FAILURES,
      lockFailures: e.LOGIN_ACCOUNT_LOCK_FAILURES,
      lockMs: e.LOGIN_ACCOUNT_LOCK_MINUTES * 60_000,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      addressFailures: e.LOGIN_ADDRESS_FAILURES,
      addressInFlight: e.LOGIN_ADDRESS_IN_FLIGHT,
    },
    redisUrl: e.REDIS_URL || undefined,
    outboundAllowHosts: e.OUTBOUND_ALLOW_HOSTS,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    webDist: e.WEB_DIST,
    sofficePath: e.SOFFICE_PATH,
    sofficeTimeoutMs: e.SOFFICE_TIMEOUT_SECONDS * 1000,
    duplicateCheckProvider: e.DUPLICATE_CHECK_PROVIDER_URL
      ? {
          url: e.DUPLICATE_CHECK_PROVIDER_URL,
          token: e.DUPLICATE_CHECK_PROVIDER_TOKEN || undefined,
          name: e.DUPLICATE_CHECK_PROVIDER_NAME,
          pollMs: e.DUPLICATE_CHECK_POLL_SECONDS * 1000,
        }
      : undefined,
    knowledgeSource: e.KNOWLEDGE_SOURCE_URL
      ? {
          url: e.KNOWLEDGE_SOURCE_URL.replace(/\/+$/, ''),
          token: e.KNOWLEDGE_SOURCE_TOKEN || undefined,
          name: e.KNOWLEDGE_SOURCE_NAME ?? new URL(e.KNOWLEDGE_SOURCE_URL).host,
          timeoutMs: e.KNOWLEDGE_SOURCE_TIMEOUT_SECONDS * 1000,
        }
      : undefined,
    sso: ssoConfig(e),
    ai: aiConfig(e),
    bigBlueButton:
      e.BBB_URL && e.BBB_SECRET
        ? {
            url: e.BBB_URL,
            secret: e.BBB_SECRET,
            checksum: e.BBB_CHECKSUM,
            types: e.BBB_ACTIVITY_TYPES?.split(',')
              .map((t) => t.trim())
              .filter(Boolean),
          }
        : undefined,
    meetingVendors: {
      bbbRecordingMaxBytes: e.BBB_RECORDING_MAX_MB * 1024 * 1024,
      tencent:
        e.TENCENT_MEETING_APP_ID && e.TENCENT_MEETING_SECRET_ID && e.TENCENT_MEETING_SECRET_KEY
          ? {
              appId: e.TENCENT_MEETING_APP_ID,
              sdkId: e.TENCENT_MEETING_SDK_ID,
              secretId: e.TENCENT_MEETING_SECRET_ID,
              secretKey: e.TENCENT_MEETING_SECRET_KEY,
              apiUrl: e.TENCENT_MEETING_API_URL,
            }
          : undefined,
      lark:
        e.LARK_APP_ID && e.LARK_APP_SECRET && e.LARK_REDIRECT_URI
          ? {
              appId: e.LARK_APP_ID,
              appSecret: e.LARK_APP_SECRET,
              redirectUri: e.LARK_REDIRECT_URI,
              apiUrl: e.LARK_API_URL,
              accountsUrl: e.LARK_ACCOUNTS_URL,
            }
          : undefined,
      caldav: e.CALDAV_URL
        ? { url: e.CALDAV_URL, username: e.CALDAV_USERNAME, password: e.CALDAV_PASSWORD }
        : undefined,
      timePeriods: e.MEETING_TIME_PERIODS,
    },
    live: {
      rtmpPort: e.LIVE_RTMP_PORT,
      rtmpPorts: e.LIVE_RTMP_PORTS,
      rtmpPublicHost: e.LIVE_RTMP_PUBLIC_HOST,
      ffmpegPath: e.FFMPEG_PATH,
    },
  };
}

function aiConfig(e: z.infer<typeof EnvSchema>): AiConfig {
  const upper = (f: AiFeature) => f.toUpperCase() as Uppercase<AiFeature>;
  const perFeature = <T>(pick: (f: AiFeature) => T) =>
    Object.fromEntries(AI_FEATURES.map((f) => [f, pick(f)])) as Record<AiFeature, T>;
  const provider =
    e.AI_BASE_URL && e.AI_MODEL
      ? {
          baseUrl: e.AI_BASE_URL,
          // Local servers (Ollama, vLLM) take no key, but the client insists on one.
          apiKey: e.AI_API_KEY || 'none',
          models: perFeature((f) => e[`AI_MODEL_${upper(f)}`] ?? (e.AI_MODEL as string)),
          transcriptionModel: e.AI_TRANSCRIPTION_MODEL,
        }
      : undefined;
  return {
    provider,
    maxTextLength: e.AI_MAX_TEXT_LENGTH,
    creditsPerTranscribedMinute: e.AI_CREDITS_PER_TRANSCRIBED_MINUTE,
    timeoutMs: e.AI_TIMEOUT_SECONDS * 1000,
    creditsPer1kTokens: perFeature(
      (f) => e[`AI_CREDITS_PER_1K_TOKENS_${upper(f)}`] ?? e.AI_CREDITS_PER_1K_TOKENS,
    ),
  };
}

function storageConfig(e: z.infer<typeof EnvSchema>, dataDir: string): StorageConfig {
  if (e.STORAGE_DRIVER === 'local') return { driver: 'local', root: path.join(dataDir, 'uploads') };
  const problems: string[] = [];
  if (!e.S3_BUCKET) problems.push('  S3_BUCKET: required when STORAGE_DRIVER=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    problems.push(
      '  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither to use the default AWS credentials',
    );
  }
  if (e.S3_PREFIX && (e.S3_PREFIX.startsWith('/') || !e.S3_PREFIX.endsWith('/'))) {
    problems.push("  S3_PREFIX: must not start with '/' and must end with '/' (e.g. lectern/)");
  }
  if (problems.length > 0 || !e.S3_BUCKET) throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    driver: 's3',
    s3: {
      endpoint: e.S3_ENDPOINT,
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      credentials:
        e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
          : undefined,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
      prefix: e.S3_PREFIX,
    },
  };
}

function ssoConfig(e: z.infer<typeof EnvSchema>): SsoConfig {
  const cas = e.LECTERN_CAS_URL
    ? {
        url: e.LECTERN_CAS_URL.replace(/\/+$/, ''),
        version: e.LECTERN_CAS_VERSION === '2' ? (2 as const) : (3 as const),
        displayName: e.LECTERN_CAS_DISPLAY_NAME,
        userNoAttribute: e.LECTERN_CAS_USER_NO_ATTRIBUTE,
        nameAttribute: e.LECTERN_CAS_NAME_ATTRIBUTE,
        emailAttribute: e.LECTERN_CAS_EMAIL_ATTRIBUTE,
      }
    : undefined;
  if (e.LECTERN_OIDC_ISSUER && !e.LECTERN_OIDC_CLIENT_ID) {
    throw new Error('Invalid configuration:\n  LECTERN_OIDC_CLIENT_ID: required with LECTERN_OIDC_ISSUER');
  }
  const oidc =
    e.LECTERN_OIDC_ISSUER && e.LECTERN_OIDC_CLIENT_ID
      ? {
          issuer: e.LECTERN_OIDC_ISSUER,
          clientId: e.LECTERN_OIDC_CLIENT_ID,
          clientSecret: e.LECTERN_OIDC_CLIENT_SECRET || undefined,
          displayName: e.LECTERN_OIDC_DISPLAY_NAME,
          scopes: e.LECTERN_OIDC_SCOPES,
          userNoClaim: e.LECTERN_OIDC_USER_NO_CLAIM,
          nameClaim: e.LECTERN_OIDC_NAME_CLAIM,
          emailClaim: e.LECTERN_OIDC_EMAIL_CLAIM,
        }
      : undefined;
  if ((cas || oidc) && !e.LECTERN_PUBLIC_URL) {
    throw new Error(
      'Invalid configuration:\n  LECTERN_PUBLIC_URL: required when single sign-on is configured',
    );
  }
  return {
    publicUrl: e.LECTERN_PUBLIC_URL ? new URL(e.LECTERN_PUBLIC_URL).origin : undefined,
    orgCode: e.LECTERN_SSO_ORG_CODE,
    jit: e.LECTERN_SSO_JIT,
    cas,
    oidc,
  };
}

function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(48).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}
