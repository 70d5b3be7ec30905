/**
 * What the log may hold. People write their most private thoughts into Haven, so the log keeps
 * what an operator needs to find a fault (the error's class, code, SQL shape, constraint, stack
 * frames) and never what someone wrote, their email or a password hash: those travel as SQL
 * parameters, which drizzle copies into its error message and pg/PGlite into `detail`.
 */
import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

const MAX_MESSAGE = 1_000;
const MAX_FRAMES = 12;
const MAX_CAUSES = 3;

/** Identifiers PostgreSQL reports about a failed statement: names of things, never values. */
const DATABASE_FIELDS = ['severity', 'constraint', 'schema', 'table', 'column', 'dataType', 'routine'] as const;

type Loose = Record<string, unknown>;
export interface SerializedError extends Loose { type: string; message: string; stack: string }

/** A PostgreSQL error (pg or PGlite): a five-character SQLSTATE code and a severity. */
function isDatabaseError(error: Loose): boolean {
  return typeof error.code === 'string' && /^[0-9A-Z]{5}$/.test(error.code) && typeof error.severity === 'string';
}

function safeMessage(error: Loose): string {
  let message = typeof error.message === 'string' ? error.message : '';
  // drizzle: "Failed query: <sql with $1 placeholders>\nparams: <every value>".
  const params = message.indexOf('\nparams:');
  if (params !== -1) message = message.slice(0, params);
  // PostgreSQL puts the offending value after a colon: 'invalid input syntax for type uuid: "…"'.
  if (isDatabaseError(error)) message = message.split(': ')[0] ?? '';
  // V8 quotes the start of the text it could not parse: 'Unexpected token …, "…" is not valid JSON'.
  if (error instanceof SyntaxError) message = message.replace(/"[^"]*"/g, '"…"');
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}

/** The stack's frames only: its first line repeats the message, parameters and all. */
function frames(stack: unknown): string {
  if (typeof stack !== 'string') return '';
  return stack.split('\n').filter((line) => /^\s+at /.test(line)).slice(0, MAX_FRAMES).map((line) => line.trim()).join('\n');
}

/** pino's `err` serializer: an allow-list, so a field nobody thought of never reaches the log. */
export function serializeError(value: unknown, depth = 0): SerializedError {
  // A thrown string or number may be anything, text people wrote included: only its kind is kept.
  if (typeof value !== 'object' || value === null) return { type: typeof value, message: '', stack: '' };
  const error = value as Loose;
  const out: SerializedError = { type: value.constructor?.name ?? 'Object', message: safeMessage(error), stack: frames(error.stack) };
  if (typeof error.code === 'string' || typeof error.code === 'number') out.code = error.code;
  if (typeof error.statusCode === 'number') out.statusCode = error.statusCode;
  if (isDatabaseError(error)) {
    for (const field of DATABASE_FIELDS) if (typeof error[field] === 'string') out[field] = error[field];
  }
  if (error.cause !== undefined && depth < MAX_CAUSES) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

/** Fastify's request line without the query string, whose values are the client's to choose. */
export function serializeRequest(request: FastifyRequest): Loose {
  // Anything else logged under `req` by hand loses its fields here rather than leaking them.
  return {
    method: request.method,
    url: typeof request.url === 'string' ? request.url.split('?')[0] : undefined,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * Belt and braces for anything logged by hand: headers and the fields that carry secrets or
 * what people wrote are censored wherever they appear one level down.
 */
export const REDACT_PATHS = [
  'req.headers.cookie', 'req.headers.authorization', 'headers.cookie', 'headers.authorization',
  'res.headers["set-cookie"]', 'headers["set-cookie"]',
  '*.password', '*.currentPassword', '*.newPassword', '*.passwordHash', '*.email', '*.text', '*.content', '*.params',
];

export function loggerOptions(level: string, stream?: NodeJS.WritableStream) {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    ...(stream ? { stream } : {}),
  };
}

/**
 * One line per request, when it is answered, with the request's method and path on it. Fastify
 * writes two (on arrival and on answer), and under load the log cost as much as a query. Its
 * other lines (errors, 404s) are as Fastify writes them.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** The same allow-list as one readable block, for the console when the server cannot start or stop. */
export function describeError(error: unknown): string {
  const lines: string[] = [];
  for (let e: SerializedError | undefined = serializeError(error), depth = 0; e; e = e.cause as SerializedError | undefined, depth += 1) {
    const code = e.code === undefined ? '' : ` [${String(e.code)}]`;
    lines.push(`${depth ? 'Caused by ' : ''}${e.type}${code}: ${e.message}`);
    if (e.stack) lines.push(e.stack.replace(/^/gm, '    '));
  }
  return lines.join('\n');
}
