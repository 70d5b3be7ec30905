/**
 * A mail server on 127.0.0.1 for the tests (smtp-server), which keeps every letter it is given,
 * parsed (mailparser), as a mailbox would show it. `failNext` refuses the next n letters with a
 * temporary error, as a busy mail server does.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Letter {
  from: string;
  to: string[];
  subject: string;
  text: string;
}

export interface FakeSmtp {
  /** SMTP_URL for Haven. */
  url: string;
  letters: Letter[];
  /** Letters to this address, in arrival order. */
  to(address: string): Letter[];
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const letters: Letter[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
    onData(stream, session, callback) {
      if (failures > 0) {
        failures -= 1;
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Try again later'), { responseCode: 451 })));
        return;
      }
      simpleParser(stream).then((mail) => {
        letters.push({
          from: mail.from?.text ?? '',
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
        });
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    // No TLS on 127.0.0.1: nodemailer is told not to try STARTTLS.
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    letters,
    to: (address) => letters.filter((l) => l.to.includes(address)),
    failNext: (n) => { failures = n; },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
