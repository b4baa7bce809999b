import type { FastifyServerOptions } from 'fastify';

/** Body and object fields that hold a secret, at the top level or one level down. */
const SECRET_FIELDS = ['password', 'old_password', 'new_password', 'imap_password', 'smtp_password', 'token'];
const REDACT_PATHS = [
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`]),
  'req.headers["x-token"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

/** `?token=…` (spec §7 user_info, EventSource) in a logged URL. */
export function redactUrl(url: string): string {
  return url.replace(/([?&]token=)[^&#]*/gi, '$1[REDACTED]');
}

type RawRequest = {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/**
 * The server logger: passwords and tokens never reach it (redacted fields and headers, `?token=`
 * cut from every logged URL).
 */
export function safeLogger(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false;
  const options = logger === true ? {} : logger;
  return {
    ...options,
    redact: { paths: REDACT_PATHS, censor: '[REDACTED]' },
    serializers: {
      req: (req: RawRequest) => ({
        method: req.method,
        url: redactUrl(req.url ?? ''),
        host: req.hostname,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
