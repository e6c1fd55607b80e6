import { z } from "zod";

const optionalUrl = z
  .string()
  .optional()
  .transform((value) => (value ? value.replace(/\/+$/, "") : undefined))
  .pipe(z.url().optional());

/** The web tier's settings (the platform has its own in platform/config.ts). */
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** The configured host (spec §6 guard): when set, guarded pages on any other host go to /. */
  APP_HOST: z.string().optional(),
  /** The site's public address (payments): its host, like APP_HOST, is never a conference's domain. */
  PAYMENT_PUBLIC_URL: z.string().optional(),
  COOKIE_DOMAIN: z.string().optional(),
  /** Force Secure cookies on or off; by default on in production only (STACK-NOTES pitfall 9). */
  COOKIE_SECURE: z.enum(["true", "false"]).optional(),
  HOME_SITE_URL: optionalUrl,
  GROUP_SITE_URL: optionalUrl,
  /** Unset: this app is its own account site (/login, /account/messages, /account/settings). */
  ACCOUNT_SITE_URL: optionalUrl,
  PLATFORM_API_URL: optionalUrl,
  /**
   * Signs ACCESS_TOKEN, isEnglish and the web tier's own cookies (decision 042): SESSION_SECRETS
   * is a comma-separated list, newest first (it signs; the others still verify), SESSION_SECRET one.
   */
  SESSION_SECRETS: z
    .string()
    .optional()
    .transform((value) =>
      value
        ? value
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : undefined,
    )
    .pipe(z.array(z.string().min(16, "each secret needs at least 16 characters")).min(1).optional()),
  SESSION_SECRET: z.string().min(16).optional(),
  /** Where a secret made for lack of one is kept (the platform's data directory by default). */
  DATA_DIR: z.string().default("data"),
  /** WeChat sign-in (the website application's AppID and the QR page's host); the AppSecret stays with the platform. */
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_OAUTH_URL: optionalUrl,
  CONTACT_PHONE: z.string().default("400-800-1234"),
  CONTACT_EMAIL: z.string().default("support@conference.example"),
  ICP_FILING: z.string().default("京ICP备00000000号-1"),
  /** The upload limit the forms name (the platform and the server enforce the same setting). */
  UPLOAD_MAX_MB: z.coerce.number().positive().default(10),
});

export type AppEnv = z.infer<typeof schema>;

let cached: AppEnv | undefined;

export function appEnv(): AppEnv {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    throw new Error("Invalid environment: " + parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  cached = parsed.data;
  return cached;
}

/** Tests change the environment between cases. */
export function resetAppEnv() {
  cached = undefined;
}

/** The hosts of spec §1, as the browser should see them. */
export function siteLinks() {
  const env = appEnv();
  const account = env.ACCOUNT_SITE_URL ?? "";
  return {
    home: env.HOME_SITE_URL ?? "/",
    group: env.GROUP_SITE_URL ?? "/",
    groupDetail: (id: number | string) => (env.GROUP_SITE_URL ? `${env.GROUP_SITE_URL}/group/${id}` : `/`),
    accountLogin: `${account}/login`,
    accountMessages: `${account}/account/messages`,
    accountSettings: `${account}/account/settings`,
    personalCenter: `${account}/account/settings`,
    feedback: env.ACCOUNT_SITE_URL ? `${account}/feedback` : "mailto:" + env.CONTACT_EMAIL,
    help: `${account}/account/help`,
    ownAccountSite: !env.ACCOUNT_SITE_URL,
  };
}
export type SiteLinks = Omit<ReturnType<typeof siteLinks>, "groupDetail">;
