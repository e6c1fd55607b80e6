import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { normalizeMobile } from "#contract/schemas/mobile";

const flag = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((value) => (value === undefined || value === "" ? undefined : value === "true" || value === "1"));

/** The platform's settings, validated once at start; a bad value stops the server with its name. */
const envSchema = z.object({
  DATA_DIR: z.string().default("data"),
  /** The host name(s) the site answers on (comma-separated); never a conference's domain. */
  APP_HOST: z.string().optional(),
  DATABASE_URL: z.string().optional(),
  /** The embedded database's page cache, as Postgres writes a size: 1MB to 1GB (decision 076). */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^[1-9][0-9]*(kB|MB|GB)$/, "a size such as 32MB")
    .refine((value) => {
      const bytes = Number.parseInt(value, 10) * { kB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[value.slice(-2) as "kB" | "MB" | "GB"];
      return bytes >= 1024 ** 2 && bytes <= 1024 ** 3;
    }, "between 1MB and 1GB")
    .optional(),
  SEED: flag,
  SESSION_SECRET: z.string().min(16).optional(),
  SMS_PROVIDER: z.enum(["outbox", "http"]).default("outbox"),
  SMS_HTTP_URL: z.url().optional(),
  SMS_HTTP_TOKEN: z.string().optional(),
  SMS_SIGN_NAME: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  WECHAT_OAUTH_URL: z.url().optional(),
  WECHAT_API_URL: z.url().optional(),
  /** The organisers' WeChat official account (subscription check): its app id, secret and server token. */
  WECHAT_MP_APPID: z.string().optional(),
  WECHAT_MP_SECRET: z.string().optional(),
  WECHAT_MP_TOKEN: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  UPLOAD_MAX_MB: z.coerce.number().positive().max(200).default(10),
  /** Mobiles that become platform administrators when they sign in (comma separated): how a deployment names its first admins. */
  PLATFORM_ADMIN_MOBILES: z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((m) => normalizeMobile(m) ?? m.trim())
        .filter(Boolean),
    ),
  // Online payments (platform/payments/): each gateway is on when its settings are given.
  /** The site's public origin as gateways and browsers reach it (notify and return addresses). */
  PAYMENT_PUBLIC_URL: z.url().optional(),
  PAYPAL_CLIENT_ID: z.string().optional(),
  PAYPAL_CLIENT_SECRET: z.string().optional(),
  PAYPAL_API_URL: z.url().default("https://api-m.sandbox.paypal.com"),
  ALIPAY_APP_ID: z.string().optional(),
  ALIPAY_PRIVATE_KEY: z.string().optional(),
  ALIPAY_PUBLIC_KEY: z.string().optional(),
  ALIPAY_GATEWAY: z.url().default("https://openapi.alipay.com/gateway.do"),
  UNIONPAY_MER_ID: z.string().optional(),
  UNIONPAY_PRIVATE_KEY: z.string().optional(),
  UNIONPAY_CERT_ID: z.string().optional(),
  UNIONPAY_PUBLIC_KEY: z.string().optional(),
  UNIONPAY_FRONT_URL: z.url().default("https://gateway.95516.com/gateway/api/frontTransReq.do"),
});

/** Each online gateway's settings: all or none. */
const PAYMENT_SETTINGS = {
  PayPal: ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET"],
  Alipay: ["ALIPAY_APP_ID", "ALIPAY_PRIVATE_KEY", "ALIPAY_PUBLIC_KEY"],
  UnionPay: ["UNIONPAY_MER_ID", "UNIONPAY_PRIVATE_KEY", "UNIONPAY_CERT_ID", "UNIONPAY_PUBLIC_KEY"],
} as const;

const OFFICIAL_ACCOUNT_SETTINGS = ["WECHAT_MP_APPID", "WECHAT_MP_SECRET", "WECHAT_MP_TOKEN"] as const;

export type PlatformConfig = z.infer<typeof envSchema> & { secret: string };

export function readConfig(env: NodeJS.ProcessEnv = process.env): PlatformConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  const config = parsed.data;
  if (config.SMS_PROVIDER === "http" && !config.SMS_HTTP_URL) throw new Error("Invalid environment: SMS_PROVIDER=http needs SMS_HTTP_URL");
  for (const [gateway, names] of Object.entries(PAYMENT_SETTINGS)) {
    const given = names.filter((name) => config[name]);
    if (given.length === 0) continue;
    if (given.length < names.length) throw new Error(`Invalid environment: ${gateway} needs ${names.filter((name) => !config[name]).join(", ")}`);
    if (!config.PAYMENT_PUBLIC_URL) throw new Error(`Invalid environment: ${gateway} needs PAYMENT_PUBLIC_URL`);
  }
  const official = OFFICIAL_ACCOUNT_SETTINGS.filter((name) => config[name]);
  if (official.length > 0 && official.length < OFFICIAL_ACCOUNT_SETTINGS.length) {
    throw new Error(`Invalid environment: the official account needs ${OFFICIAL_ACCOUNT_SETTINGS.filter((name) => !config[name]).join(", ")}`);
  }
  return { ...config, secret: config.SESSION_SECRET ?? localSecret(config.DATA_DIR) };
}

/**
 * Without SESSION_SECRET, one is made and kept in DATA_DIR so restarts keep sessions and codes
 * valid. Several instances must share SESSION_SECRET instead.
 */
function localSecret(dataDir: string) {
  const file = path.join(dataDir, ".secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}
