// Environment, parsed and validated once at start. A bad value stops start-up with a message that
// names the variable; nothing else in the server reads process.env.
import { createHash, randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP, isIPv4 } from "node:net";
import path from "node:path";
import { z } from "zod";
import { parseAllowedAddress } from "@sufra/schema";
import { defaultLogFormat, type LogFormat } from "./kernel/logger.ts";

const PROCESS_ROLES = ["all", "api", "worker"] as const;

const url = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.join(" or ")}//`,
  );

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  // the pooled connections of Prisma's queries and transactions, and how long a request waits for one of
  // them (or a transaction to start) before answering 503 (docs/scaling.md#the-database-pool-under-load)
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATABASE_POOL_WAIT_SECONDS: z.coerce.number().min(0.1).max(120).default(5),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("Sufra <no-reply@sufra.local>"),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  PROCESS_ROLE: z.enum(PROCESS_ROLES).default("all"),
  CLIENT_DIST: z.string().optional(),
  // per window of RATE_LIMIT_WINDOW_SECONDS, for login, register and forgot-password
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  // proxies whose X-Forwarded-For is believed (the client's address counts for the limits above)
  TRUST_PROXY: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const bad = v ? trustProxyList(v).filter((x) => !isProxyAddress(x)) : [];
      if (bad.length)
        ctx.addIssue({
          code: "custom",
          message: `not an address, CIDR range or one of ${PROXY_NAMES.join(", ")}: ${bad.join(", ")}`,
        });
    }),
  LOG_LEVEL: z.enum(["silent", "error", "warn", "info", "debug"]).default("info"),
  // json: one JSON line a record; pretty: readable lines (needs the development dependencies); unset: json under NODE_ENV=production, pretty at a terminal
  LOG_FORMAT: z.enum(["json", "pretty"]).optional(),
  // who may read the GraphQL schema (introspection, GET /graphql/schema.graphql, "Did you mean ...?" hints):
  // unset or "callers": signed-in people and API keys, in every environment, so development runs the
  // rule production keeps; "true": anyone, anonymous too (local tools); "false": nobody
  GRAPHQL_INTROSPECTION: z.enum(["true", "false", "callers"]).optional(),
  // platform accounts: tokens are encrypted at rest with this key (unset: generated once under DATA_DIR)
  TOKEN_ENCRYPTION_KEY: z.string().min(32, "must be at least 32 characters").optional(),
  INSTAGRAM_APP_ID: z.string().optional(),
  INSTAGRAM_APP_SECRET: z.string().optional(),
  INSTAGRAM_AUTHORIZE_URL: url(["http:", "https:"]).default("https://www.instagram.com/oauth/authorize"),
  INSTAGRAM_TOKEN_URL: url(["http:", "https:"]).default("https://api.instagram.com/oauth/access_token"),
  INSTAGRAM_GRAPH_URL: url(["http:", "https:"]).default("https://graph.instagram.com"),
  INSTAGRAM_GRAPH_VERSION: z
    .string()
    .regex(/^v\d+\.\d+$/, "must look like v23.0")
    .default("v23.0"),
  // Instagram's webhooks (comments): the token Sufra answers Meta's subscription handshake with; unset: no
  // webhook, comments are polled
  INSTAGRAM_WEBHOOK_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  // Google Business Profile (reviews, replies, posts): an OAuth client of a Google Cloud project with the
  // Business Profile APIs; unset: the card says Google is not set up on this server. The base URLs are
  // Google's; a test points them at its stand-in.
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_AUTHORIZE_URL: url(["http:", "https:"]).default("https://accounts.google.com/o/oauth2/v2/auth"),
  GOOGLE_TOKEN_URL: url(["http:", "https:"]).default("https://oauth2.googleapis.com/token"),
  GOOGLE_ACCOUNT_MANAGEMENT_URL: url(["http:", "https:"]).default("https://mybusinessaccountmanagement.googleapis.com"),
  GOOGLE_BUSINESS_INFORMATION_URL: url(["http:", "https:"]).default(
    "https://mybusinessbusinessinformation.googleapis.com",
  ),
  GOOGLE_VERIFICATIONS_URL: url(["http:", "https:"]).default("https://mybusinessverifications.googleapis.com"),
  GOOGLE_MY_BUSINESS_URL: url(["http:", "https:"]).default("https://mybusiness.googleapis.com"),
  GOOGLE_PERFORMANCE_URL: url(["http:", "https:"]).default("https://businessprofileperformance.googleapis.com"),
  // Facebook Pages, and Facebook Login for competitor figures (Instagram business discovery is offered only through it)
  FACEBOOK_APP_ID: z.string().optional(),
  FACEBOOK_APP_SECRET: z.string().optional(),
  // a Business app's Facebook Login for Business configuration (its numeric id); unset: Facebook Login with scopes
  FACEBOOK_LOGIN_CONFIG_ID: z
    .string()
    .regex(/^\d+$/, "must be the numeric id of a Facebook Login for Business configuration")
    .optional(),
  // that Business app's configuration for competitors' discovery (its own permissions); unset on a Business app: no discovery
  FACEBOOK_DISCOVERY_CONFIG_ID: z
    .string()
    .regex(/^\d+$/, "must be the numeric id of a Facebook Login for Business configuration")
    .optional(),
  FACEBOOK_AUTHORIZE_URL: url(["http:", "https:"]).default("https://www.facebook.com/v23.0/dialog/oauth"),
  FACEBOOK_GRAPH_URL: url(["http:", "https:"]).default("https://graph.facebook.com/v23.0"),
  // the Page messaging webhook's subscription handshake (Messenger Platform); signed with FACEBOOK_APP_SECRET
  FACEBOOK_WEBHOOK_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  // WhatsApp Business Platform (Cloud API) on the same Meta app: Embedded Signup's configuration id, the Graph
  // address, and the webhook's handshake token (its deliveries are signed with FACEBOOK_APP_SECRET)
  WHATSAPP_CONFIG_ID: z
    .string()
    .regex(/^\d+$/, "must be the numeric id of the Embedded Signup configuration")
    .optional(),
  WHATSAPP_GRAPH_URL: url(["http:", "https:"]).default("https://graph.facebook.com/v23.0"),
  WHATSAPP_WEBHOOK_VERIFY_TOKEN: z.string().min(8, "must be at least 8 characters").optional(),
  X_CLIENT_ID: z.string().optional(),
  X_CLIENT_SECRET: z.string().optional(),
  X_AUTHORIZE_URL: url(["http:", "https:"]).default("https://x.com/i/oauth2/authorize"),
  X_API_URL: url(["http:", "https:"]).default("https://api.x.com"),
  // TikTok's Content Posting API (Login Kit for the web, OAuth v2)
  TIKTOK_CLIENT_KEY: z.string().optional(),
  TIKTOK_CLIENT_SECRET: z.string().optional(),
  TIKTOK_AUTHORIZE_URL: url(["http:", "https:"]).default("https://www.tiktok.com/v2/auth/authorize/"),
  TIKTOK_API_URL: url(["http:", "https:"]).default("https://open.tiktokapis.com"),
  // false until TikTok's audit passes: an unaudited app may only post privately, so posts go to the
  // creator's TikTok inbox (MEDIA_UPLOAD) and the person finishes them in TikTok
  TIKTOK_DIRECT_POST: z.enum(["true", "false"]).optional(),
  // how videos reach TikTok: uploaded in chunks, or pulled from our media URL (PUBLIC_URL's domain
  // verified with TikTok first: TikTok refuses URLs of a domain it has not verified)
  TIKTOK_VIDEO_SOURCE: z.enum(["FILE_UPLOAD", "PULL_FROM_URL"]).default("FILE_UPLOAD"),
  // the URL prefix (or a verified domain written https://domain/) verified under URL properties of the
  // TikTok app: TikTok pulls photos (always) and PULL_FROM_URL videos only from there, so PUBLIC_URL's
  // media (PUBLIC_URL/media/) must lie under it or TikTok is not offered for connecting. https, as TikTok's
  // URL properties are; http only on a loopback address (a local stand-in)
  TIKTOK_VERIFIED_URL_PREFIX: z
    .string()
    .optional()
    .refine((v) => {
      if (v === undefined) return true;
      try {
        const u = new URL(v);
        return u.protocol === "https:" || (u.protocol === "http:" && isLoopbackHost(u.hostname));
      } catch {
        return false;
      }
    }, "must be an https:// URL prefix (http:// only on a loopback address)"),
  // "true": the TikTok app has the Display API product, so Sufra asks video.list and reads the posts' figures;
  // otherwise that scope is not asked (TikTok refuses the whole sign-in for a scope the app lacks)
  TIKTOK_DISPLAY_API: z.enum(["true", "false"]).default("false"),
  // Snap's Public Profile API, open to allow-listed apps only; unset: Snapchat stays assisted (by hand)
  SNAPCHAT_CLIENT_ID: z.string().optional(),
  SNAPCHAT_CLIENT_SECRET: z.string().optional(),
  SNAPCHAT_AUTHORIZE_URL: url(["http:", "https:"]).default("https://accounts.snapchat.com/login/oauth2/authorize"),
  SNAPCHAT_TOKEN_URL: url(["http:", "https:"]).default("https://accounts.snapchat.com/login/oauth2/access_token"),
  SNAPCHAT_API_URL: url(["http:", "https:"]).default("https://businessapi.snapchat.com"),
  // a publish call that has not answered after this long leaves the target "unconfirmed", never re-sent
  PUBLISH_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(30),
  // a worker renews its lease on a target while publishing; once the lease lapses another worker resumes it
  PUBLISH_LEASE_SECONDS: z.coerce.number().min(0.5).max(3600).default(60),
  METRICS_INTERVAL_MINUTES: z.coerce.number().min(1).default(60),
  // media uploads
  MEDIA_MAX_IMAGE_MB: z.coerce.number().min(0.01).max(100).default(8),
  MEDIA_MAX_VIDEO_MB: z.coerce.number().min(0.01).max(1024).default(100),
  S3_ENDPOINT: url(["http:", "https:"]).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // the AI writer: "local" (offline, the default) or an OpenAI-compatible chat-completions endpoint;
  // an admin's choice in settings overrides these
  AI_PROVIDER: z.enum(["local", "openai"]).default("local"),
  AI_BASE_URL: url(["http:", "https:"]).optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(300).default(30),
  // whether the model is sent the post's photos: auto (by the model's name), on, off (docs/architecture.md#what-the-ai-is-sent)
  AI_VISION: z.enum(["auto", "on", "off"]).default("auto"),
  // the demo business (embedded quick start): its people sign in with DEMO_PASSWORD (unset: printed once)
  DEMO_DATA: z.enum(["true", "false"]).optional(),
  DEMO_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  // webhooks (docs/product.md#webhooks): http:// endpoints as well as https:// (tests, local receivers; refused when
  // NODE_ENV=production), and addresses exempt from the private-network refusal (comma-separated IPs or CIDR ranges,
  // each with an optional :port that then is the only one open: 10.0.0.5:8443, [fd00::5]:8443)
  WEBHOOKS_ALLOW_HTTP: z.enum(["true", "false"]).optional(),
  WEBHOOKS_ALLOW_ADDRESSES: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const bad = (v ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter((x) => x && !parseAllowedAddress(x));
      if (bad.length)
        ctx.addIssue({
          code: "custom",
          message: `not an address or CIDR range (with an optional :port): ${bad.join(", ")}`,
        });
    }),
  // payments (docs/product.md#subscriptions-and-billing): unset: no gateway, the billing page says how to pay by bank
  // transfer (PAYMENT_BANK_*) and an admin records the payment; "tap": Tap Payments (KNET, cards, Apple Pay) with its secret key
  PAYMENT_GATEWAY: z.enum(["tap"]).optional(),
  PAYMENT_SECRET_KEY: z.string().optional(),
  PAYMENT_API_URL: url(["http:", "https:"]).default("https://api.tap.company"),
  PAYMENT_MERCHANT_ID: z.string().optional(),
  // where Tap sends the person back and posts its webhooks (Sufra's public address; unset: PUBLIC_URL)
  PAYMENT_PUBLIC_URL: url(["http:", "https:"]).optional(),
  PAYMENT_BANK_NAME: z.string().max(200).optional(),
  PAYMENT_BANK_IBAN: z.string().max(64).optional(),
  PAYMENT_BANK_BENEFICIARY: z.string().max(200).optional(),
  // who issues the invoices (the seller block of every invoice and credit note), in both languages
  INVOICE_SELLER_NAME: z.string().min(1).max(200).default("Sufra"),
  INVOICE_SELLER_NAME_AR: z.string().min(1).max(200).default("سفرة"),
  INVOICE_SELLER_ADDRESS: z.string().min(1).max(500).default("Kuwait City, State of Kuwait"),
  INVOICE_SELLER_ADDRESS_AR: z.string().min(1).max(500).default("مدينة الكويت، دولة الكويت"),
  INVOICE_SELLER_EMAIL: z.email().default("billing@sufra.kw"),
  // the seller's commercial registration number, printed on invoices and credit notes when set
  INVOICE_SELLER_CR: z
    .string()
    .trim()
    .max(30)
    .regex(/^[0-9A-Za-z/-]*$/, "letters, digits, - or / only")
    .optional(),
  // tests only: the server's clock starts at this instant and runs on (refused when NODE_ENV=production)
  CLOCK_START: z.iso
    .datetime({ offset: true, message: "must be an ISO 8601 instant, e.g. 2026-11-25T09:00:00+03:00" })
    .optional(),
});

/** everyone: anonymous callers too; callers: a signed-in person or an API key; nobody: introspection off */
export type SchemaReaders = "everyone" | "callers" | "nobody";

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Prisma's pool: its size, and how long a request waits for a connection (the raw pg pool waits as long) */
  database: { poolSize: number; poolWaitMs: number };
  dataDir: string;
  jwtSecret: string;
  admin: { email: string; password: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  processRole: (typeof PROCESS_ROLES)[number];
  clientDist: string;
  rateLimit: { perIp: number; perEmail: number; windowSeconds: number };
  /** Express "trust proxy": the proxies whose X-Forwarded-For names the client; false: none */
  trustProxy: string[] | false;
  logLevel: "silent" | "error" | "warn" | "info" | "debug";
  logFormat: LogFormat;
  /** who may read the schema: introspection, GET /graphql/schema.graphql and field suggestions in GraphQL errors */
  graphqlIntrospection: SchemaReaders;
  tokenKey: Buffer;
  platforms: {
    instagram: {
      appId?: string;
      appSecret?: string;
      authorizeUrl: string;
      tokenUrl: string;
      graphUrl: string;
      graphVersion: string;
      webhookVerifyToken?: string;
    };
    /** Google Business Profile: OAuth and the APIs' base URLs (no trailing slash) */
    google: {
      clientId?: string;
      clientSecret?: string;
      authorizeUrl: string;
      tokenUrl: string;
      accountManagementUrl: string;
      businessInformationUrl: string;
      verificationsUrl: string;
      myBusinessUrl: string;
      performanceUrl: string;
    };
    /** Facebook Pages and competitors' business discovery; loginConfigId, discoveryConfigId: their Login for Business configurations */
    facebook: {
      appId?: string;
      appSecret?: string;
      loginConfigId?: string;
      discoveryConfigId?: string;
      authorizeUrl: string;
      graphUrl: string;
      webhookVerifyToken?: string;
    };
    /** WhatsApp Cloud API on the Facebook app (its id and secret); configId: Embedded Signup's configuration */
    whatsapp: { appId?: string; appSecret?: string; configId?: string; graphUrl: string; webhookVerifyToken?: string };
    x: { clientId?: string; clientSecret?: string; authorizeUrl: string; apiUrl: string };
    /** TikTok: directPost false (the default until the app passes TikTok's audit) sends to the creator's inbox */
    tiktok: {
      clientKey?: string;
      clientSecret?: string;
      authorizeUrl: string;
      apiUrl: string;
      directPost: boolean;
      videoSource: "FILE_UPLOAD" | "PULL_FROM_URL";
      verifiedUrlPrefix?: string;
      mediaUrlPrefix: string;
      displayApi: boolean;
    };
    /** Snap's Public Profile API: configured only for an allow-listed app */
    snapchat: { clientId?: string; clientSecret?: string; authorizeUrl: string; tokenUrl: string; apiUrl: string };
    publishTimeoutMs: number;
    leaseMs: number;
    metricsIntervalMs: number;
  };
  media: {
    maxImageBytes: number;
    maxVideoBytes: number;
    s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
  };
  /** the writer configuration decides when no admin has chosen one in settings */
  ai: {
    provider: "local" | "openai";
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string | undefined;
    timeoutMs: number;
    vision: "auto" | "on" | "off";
  };
  demo: { enabled: boolean; password: string | undefined };
  /** tests only: where the server's clock starts (clock.ts) */
  clockStart?: Date;
  /** outbound webhooks: http:// allowed (never in production); addresses exempt from the private-network refusal */
  webhooks: { allowHttp: boolean; allowAddresses: string[] };
  /**
   * The payment gateway (null: none; the page shows the bank transfer details and an admin records payments) and
   * where the gateway sends the person back and posts its webhooks (no trailing slash).
   */
  payments: {
    gateway: { name: "tap"; secretKey: string; apiUrl: string; merchantId: string | undefined } | null;
    /** Tap's API base (PAYMENT_API_URL), for Sufra's gateway and for each café's own account (guests' orders) */
    apiUrl: string;
    publicUrl: string;
    bank: { name: string | null; iban: string | null; beneficiary: string | null };
    /** the seller block of every invoice and credit note */
    seller: {
      name: { en: string; ar: string };
      address: { en: string; ar: string };
      email: string;
      crNumber: string | null;
    };
  };
}

export class ConfigError extends Error {}

/** Names Express's "trust proxy" understands, besides addresses and CIDR ranges. */
const PROXY_NAMES = ["loopback", "linklocal", "uniquelocal"];
const trustProxyList = (v: string) =>
  ["none", "false"].includes(v.trim().toLowerCase())
    ? []
    : v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean);
/** An address, a range (address/prefix, or IPv4 address/netmask) or a name, as Express's proxy-addr accepts. */
function isProxyAddress(x: string): boolean {
  if (PROXY_NAMES.includes(x)) return true;
  const [addr, range, ...rest] = x.split("/");
  const kind = isIP(addr);
  if (!kind || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (kind === 4 ? 32 : 128);
  return kind === 4 && isIPv4(range);
}

/** localhost or a loopback address: a stand-in on this machine, where TikTok's https rule cannot apply. */
const isLoopbackHost = (h: string) => h === "localhost" || h === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);

/** Parses the environment (blank values count as unset). Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // a shifted clock would let a real business's posts go out on the wrong day
  if (e.CLOCK_START && env.NODE_ENV === "production")
    throw new ConfigError("Invalid configuration:\n  CLOCK_START: is for tests; refused when NODE_ENV=production");
  // a plain-http webhook could be read or changed on the way: production sends only over https
  if (e.WEBHOOKS_ALLOW_HTTP === "true" && env.NODE_ENV === "production")
    throw new ConfigError(
      "Invalid configuration:\n  WEBHOOKS_ALLOW_HTTP: is for tests and local receivers; refused when NODE_ENV=production",
    );
  // a gateway without its key could take nobody's money: refuse to start rather than fail at the first "Pay now"
  if (e.PAYMENT_GATEWAY === "tap" && !e.PAYMENT_SECRET_KEY)
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_SECRET_KEY: is required when PAYMENT_GATEWAY=tap (Tap's secret key, sk_test_... or sk_live_...)",
    );
  if (e.PAYMENT_GATEWAY === "tap" && e.PAYMENT_SECRET_KEY?.startsWith("pk_"))
    throw new ConfigError(
      "Invalid configuration:\n  PAYMENT_SECRET_KEY: is Tap's publishable key (pk_...); the secret key (sk_...) is needed",
    );
  // npm -w runs scripts inside server/: relative paths mean relative to where the person ran npm
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    database: { poolSize: e.DATABASE_POOL_SIZE, poolWaitMs: Math.round(e.DATABASE_POOL_WAIT_SECONDS * 1000) },
    dataDir,
    jwtSecret: e.JWT_SECRET ?? keptSecret(dataDir),
    admin: { email: (e.ADMIN_EMAIL ?? "admin@sufra.local").toLowerCase(), password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    processRole: e.PROCESS_ROLE,
    clientDist: path.resolve(e.CLIENT_DIST ?? path.join(import.meta.dirname, "../../client/dist")),
    rateLimit: {
      perIp: e.RATE_LIMIT_PER_IP,
      perEmail: e.RATE_LIMIT_PER_EMAIL,
      windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    },
    trustProxy: e.TRUST_PROXY && trustProxyList(e.TRUST_PROXY).length ? trustProxyList(e.TRUST_PROXY) : false,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT ?? defaultLogFormat(env),
    graphqlIntrospection:
      e.GRAPHQL_INTROSPECTION === "true" ? "everyone" : e.GRAPHQL_INTROSPECTION === "false" ? "nobody" : "callers",
    tokenKey: createHash("sha256")
      .update(e.TOKEN_ENCRYPTION_KEY ?? keptSecret(dataDir, "token-key"))
      .digest(),
    platforms: {
      instagram: {
        appId: e.INSTAGRAM_APP_ID,
        appSecret: e.INSTAGRAM_APP_SECRET,
        authorizeUrl: e.INSTAGRAM_AUTHORIZE_URL,
        tokenUrl: e.INSTAGRAM_TOKEN_URL,
        graphUrl: e.INSTAGRAM_GRAPH_URL.replace(/\/+$/, ""),
        graphVersion: e.INSTAGRAM_GRAPH_VERSION,
        webhookVerifyToken: e.INSTAGRAM_WEBHOOK_VERIFY_TOKEN,
      },
      google: {
        clientId: e.GOOGLE_CLIENT_ID,
        clientSecret: e.GOOGLE_CLIENT_SECRET,
        authorizeUrl: e.GOOGLE_AUTHORIZE_URL,
        tokenUrl: e.GOOGLE_TOKEN_URL,
        accountManagementUrl: e.GOOGLE_ACCOUNT_MANAGEMENT_URL.replace(/\/+$/, ""),
        businessInformationUrl: e.GOOGLE_BUSINESS_INFORMATION_URL.replace(/\/+$/, ""),
        verificationsUrl: e.GOOGLE_VERIFICATIONS_URL.replace(/\/+$/, ""),
        myBusinessUrl: e.GOOGLE_MY_BUSINESS_URL.replace(/\/+$/, ""),
        performanceUrl: e.GOOGLE_PERFORMANCE_URL.replace(/\/+$/, ""),
      },
      facebook: {
        appId: e.FACEBOOK_APP_ID,
        appSecret: e.FACEBOOK_APP_SECRET,
        loginConfigId: e.FACEBOOK_LOGIN_CONFIG_ID,
        discoveryConfigId: e.FACEBOOK_DISCOVERY_CONFIG_ID,
        authorizeUrl: e.FACEBOOK_AUTHORIZE_URL.replace(/\/+$/, ""),
        graphUrl: e.FACEBOOK_GRAPH_URL.replace(/\/+$/, ""),
        webhookVerifyToken: e.FACEBOOK_WEBHOOK_VERIFY_TOKEN,
      },
      whatsapp: {
        appId: e.FACEBOOK_APP_ID,
        appSecret: e.FACEBOOK_APP_SECRET,
        configId: e.WHATSAPP_CONFIG_ID,
        graphUrl: e.WHATSAPP_GRAPH_URL.replace(/\/+$/, ""),
        webhookVerifyToken: e.WHATSAPP_WEBHOOK_VERIFY_TOKEN,
      },
      x: {
        clientId: e.X_CLIENT_ID,
        clientSecret: e.X_CLIENT_SECRET,
        authorizeUrl: e.X_AUTHORIZE_URL,
        apiUrl: e.X_API_URL.replace(/\/+$/, ""),
      },
      tiktok: {
        clientKey: e.TIKTOK_CLIENT_KEY,
        clientSecret: e.TIKTOK_CLIENT_SECRET,
        authorizeUrl: e.TIKTOK_AUTHORIZE_URL,
        apiUrl: e.TIKTOK_API_URL.replace(/\/+$/, ""),
        directPost: e.TIKTOK_DIRECT_POST === "true",
        videoSource: e.TIKTOK_VIDEO_SOURCE,
        verifiedUrlPrefix: e.TIKTOK_VERIFIED_URL_PREFIX,
        mediaUrlPrefix: `${(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "")}/media/`,
        displayApi: e.TIKTOK_DISPLAY_API === "true",
      },
      snapchat: {
        clientId: e.SNAPCHAT_CLIENT_ID,
        clientSecret: e.SNAPCHAT_CLIENT_SECRET,
        authorizeUrl: e.SNAPCHAT_AUTHORIZE_URL,
        tokenUrl: e.SNAPCHAT_TOKEN_URL,
        apiUrl: e.SNAPCHAT_API_URL.replace(/\/+$/, ""),
      },
      publishTimeoutMs: Math.round(e.PUBLISH_TIMEOUT_SECONDS * 1000),
      leaseMs: Math.round(e.PUBLISH_LEASE_SECONDS * 1000),
      metricsIntervalMs: Math.round(e.METRICS_INTERVAL_MINUTES * 60_000),
    },
    media: {
      maxImageBytes: Math.round(e.MEDIA_MAX_IMAGE_MB * 1024 * 1024),
      maxVideoBytes: Math.round(e.MEDIA_MAX_VIDEO_MB * 1024 * 1024),
      s3:
        e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
          ? {
              endpoint: e.S3_ENDPOINT,
              bucket: e.S3_BUCKET,
              region: e.S3_REGION,
              accessKeyId: e.S3_ACCESS_KEY_ID,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            }
          : undefined,
    },
    ai: {
      provider: e.AI_PROVIDER,
      baseUrl: e.AI_BASE_URL?.replace(/\/+$/, ""),
      apiKey: e.AI_API_KEY,
      model: e.AI_MODEL,
      timeoutMs: Math.round(e.AI_TIMEOUT_SECONDS * 1000),
      vision: e.AI_VISION,
    },
    // the demo business belongs to the embedded quick start; with a real DATABASE_URL it is opt-in
    demo: { enabled: e.DEMO_DATA ? e.DEMO_DATA === "true" : !e.DATABASE_URL, password: e.DEMO_PASSWORD },
    clockStart: e.CLOCK_START ? new Date(e.CLOCK_START) : undefined,
    webhooks: {
      allowHttp: e.WEBHOOKS_ALLOW_HTTP === "true",
      allowAddresses: (e.WEBHOOKS_ALLOW_ADDRESSES ?? "")
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    },
    payments: {
      gateway:
        e.PAYMENT_GATEWAY === "tap"
          ? {
              name: "tap",
              secretKey: e.PAYMENT_SECRET_KEY!,
              apiUrl: e.PAYMENT_API_URL.replace(/\/+$/, ""),
              merchantId: e.PAYMENT_MERCHANT_ID,
            }
          : null,
      apiUrl: e.PAYMENT_API_URL.replace(/\/+$/, ""),
      publicUrl: (e.PAYMENT_PUBLIC_URL ?? e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
      bank: {
        name: e.PAYMENT_BANK_NAME ?? null,
        iban: e.PAYMENT_BANK_IBAN ?? null,
        beneficiary: e.PAYMENT_BANK_BENEFICIARY ?? null,
      },
      seller: {
        name: { en: e.INVOICE_SELLER_NAME, ar: e.INVOICE_SELLER_NAME_AR },
        address: { en: e.INVOICE_SELLER_ADDRESS, ar: e.INVOICE_SELLER_ADDRESS_AR },
        email: e.INVOICE_SELLER_EMAIL,
        crNumber: e.INVOICE_SELLER_CR || null,
      },
    },
  };
}

/** JWT_SECRET unset: generate one on first start and keep it under DATA_DIR, readable by us only. */
function keptSecret(dataDir: string, name = "jwt-secret"): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
