/**
 * What the logs never show: tokens, emails, usernames, IP addresses and partner parameters (they
 * carry the member's IP and uid), wherever a log line puts them (pino `redact` paths, top level and
 * one level down). The log keeps no personal data the event log could later be asked to forget.
 */
const FIELDS = ['email', 'username', 'sourceIp', 'ip', 'token', 'idToken', 'rawParameters', 'rawQuery', 'password'];

export const LOG_REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-forwarded-for"]',
  'req.headers["x-real-ip"]',
  'req.remoteAddress',
  'req.remotePort',
  'req.query',
  ...FIELDS,
  ...FIELDS.map((field) => `*.${field}`),
];

/** The request as logged: its path without the query string (partner callbacks carry personal data there). */
export const withoutQuery = (url: string | undefined) => (url ?? '').split('?')[0];
