import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  QUAYSIDE_DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  QUAYSIDE_ADMIN_PASSWORD: z.string().min(6, 'must be at least 6 characters').default('admin123'),
  QUAYSIDE_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  QUAYSIDE_SESSION_DAYS: z.coerce.number().positive().max(365).default(7),
  QUAYSIDE_SHUTDOWN_SECONDS: z.coerce.number().positive().max(3600).default(20),
  QUAYSIDE_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value ?? '');
      if (parsed === null) {
        ctx.addIssue({
          code: 'custom',
          message: 'must be a hop count (1, 2, …) or a comma list of proxy addresses or CIDRs',
        });
        return z.NEVER;
      }
      return parsed;
    }),
});

export const DEFAULT_ADMIN_PASSWORD = 'admin123';

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string;
  secret: string;
  sessionDays: number;
  /** How long a stop waits for the requests under way before it cuts their connections. */
  shutdownSeconds: number;
  logLevel: z.infer<typeof envSchema>['QUAYSIDE_LOG_LEVEL'];
  /**
   * Which proxies may tell the client address in X-Forwarded-For: false (none: the socket address
   * counts), a hop count, or proxy addresses/CIDRs.
   */
  trustProxy: TrustProxy;
  /** Folder of the built web app; the server serves it when it exists. */
  webDist: string;
};

export class ConfigError extends Error {}

/** Reads the environment into a typed config; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.QUAYSIDE_DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    adminPassword: e.QUAYSIDE_ADMIN_PASSWORD,
    secret: e.QUAYSIDE_SECRET ?? readOrCreateSecret(dataDir),
    sessionDays: e.QUAYSIDE_SESSION_DAYS,
    shutdownSeconds: e.QUAYSIDE_SHUTDOWN_SECONDS,
    logLevel: e.QUAYSIDE_LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(import.meta.dirname, '../../web/dist'),
  };
}

export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const NAMED_RANGES = ['loopback', 'linklocal', 'uniquelocal'];

/** `TRUST_PROXY`: unset = trust no proxy; `2` = two hops; `10.0.0.1, 10.1.0.0/16` = those proxies. Null when invalid. */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (!text || text === '0' || text === 'false') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops <= 100 ? hops : null;
  }
  const entries = text.split(',').map((e) => e.trim());
  const valid = (entry: string) => {
    if (NAMED_RANGES.includes(entry)) return true;
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (!family || extra !== undefined) return false;
    if (prefix === undefined) return true;
    return /^\d+$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
  };
  return entries.every(valid) ? entries : null;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
