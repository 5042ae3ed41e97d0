/**
 * The e2e server's mail goes over SMTP to a real `smtp-server` (the nodemailer project's) in the global setup, which
 * files each message it receives as JSON in the outbox directory: `to`, `subject`, the plain `text` (parsed with
 * mailparser), its `headers`, and `link`, the first link of the text (the one an account e-mail is about).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startMailbox(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  mkdirSync(dir, { recursive: true });
  // Written beside the outbox, then moved in: a reader never sees half a file.
  const staging = join(dirname(dir), 'mailbox-staging');
  mkdirSync(staging, { recursive: true });
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ['AUTH', 'STARTTLS'], logger: false, disableReverseLookup: true,
    onData(stream, session, callback) {
      simpleParser(stream).then((mail) => {
        const text = mail.text ?? '';
        const message = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address).join(', '), subject: mail.subject ?? '', text,
          // As sent (unfolded), by lower-case name: mailparser's parsed `headers` turn List-* into objects.
          headers: Object.fromEntries(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).replace(/\r?\n\s+/g, ' ').trim()])),
          link: text.match(/https?:\/\/\S+/)?.[0] ?? '', receivedAt: new Date().toISOString(),
        };
        const name = `${message.receivedAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`;
        writeFileSync(join(staging, name), JSON.stringify(message, null, 2));
        renameSync(join(staging, name), join(dir, name));
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = (server as unknown as { server: { address(): AddressInfo } }).server.address();
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
