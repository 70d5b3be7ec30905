/**
 * E-mail through SMTP_URL (docs/decisions/email.md), for the few things a person must hear about
 * even with Haven closed and no notifications: a decision on their account, a reset code an admin
 * made for them, a sign-in from a browser Haven has not seen. Never a message's words. Without
 * SMTP_URL nothing is sent and the app says so where it would have promised an e-mail.
 *
 * Sending happens after the request's answer, with retries; a mail server that is down delays or
 * drops a letter (logged without its text) but never fails or slows what the person did.
 */
import nodemailer from 'nodemailer';
import pRetry from 'p-retry';
import type { Letter } from './letters';

export interface Mailer {
  /** Whether letters are sent at all (SMTP_URL is set). */
  readonly enabled: boolean;
  send(to: string, letter: Letter): void;
  /** Resolves once every letter handed over so far was sent or given up; for tests and a graceful stop. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

type Log = { warn: (obj: object, msg: string) => void };

interface MailSettings {
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
  ADMIN_EMAIL?: string | undefined;
}

const RETRIES = 4;
/** A mail server that stops answering gives up a try after this, not nodemailer's minutes. */
const SMTP_TIMEOUT_MS = 15_000;
/** How long a stop waits for letters on the wire before closing the transport under them. */
const STOP_GRACE_MS = 5_000;

export function createMailer(config: MailSettings, log: Log, retryMinMs = 2000): Mailer {
  if (!config.SMTP_URL) {
    return { enabled: false, send: () => undefined, idle: async () => undefined, stop: async () => undefined };
  }
  const transport = nodemailer.createTransport({
    url: config.SMTP_URL, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS,
  });
  // The config check makes sure one of the two is there.
  const from = config.MAIL_FROM ?? `Haven <${config.ADMIN_EMAIL}>`;
  const running = new Set<Promise<void>>();
  const stopping = new AbortController();

  function send(to: string, letter: Letter): void {
    if (stopping.signal.aborted) return;
    const job = pRetry(() => transport.sendMail({ from, to, subject: letter.subject, text: letter.text }), {
      retries: RETRIES, minTimeout: retryMinMs, factor: 3, randomize: true, signal: stopping.signal,
    }).then(
      () => undefined,
      // The kind and the server's codes, not the error whole: nodemailer's carries the addresses.
      (error: unknown) => {
        const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
        log.warn({ letter: letter.kind, code, responseCode, command }, 'e-mail not sent');
      },
    ).finally(() => running.delete(job));
    running.add(job);
  }

  async function idle(): Promise<void> {
    while (running.size > 0) await Promise.allSettled(running);
  }

  return {
    enabled: true, send, idle,
    stop: async () => {
      // A letter on the wire gets a few seconds; one waiting for a retry is dropped.
      stopping.abort();
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([idle(), new Promise((resolve) => { grace = setTimeout(resolve, STOP_GRACE_MS); })]);
      clearTimeout(grace);
      transport.close();
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** For the tests: letters handed over are sent once `idle()` resolves. */
    mailer: Mailer;
  }
}
