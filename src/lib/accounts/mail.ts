/**
 * Outgoing mail. With SMTP configured (SMTP_URL, or SMTP_HOST and friends) messages go through nodemailer;
 * without it each message is written as a JSON file under OUTBOX_DIR (default ./data/outbox) and its link is
 * printed, so sign-up and password reset work on any machine with no mail server. In production (settings.ts) a
 * live link must not land in a log or a forgotten folder: no link is printed, and without SMTP or an OUTBOX_DIR
 * chosen on purpose sending fails loudly (the mail job keeps the error and is retried).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import nodemailer from 'nodemailer';
import shared from 'nodemailer/lib/shared/index.js';
import { emailProblem } from './client/rules.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The one link the message is about (printed when mail goes to the outbox). */
  link: string;
  /** More header fields (an alert's List-Unsubscribe). */
  headers?: Record<string, string>;
}

export type Mailer = (message: MailMessage) => Promise<void>;

export interface MailSettings {
  smtpUrl?: string;
  smtpHost?: string;
  smtpPort?: number;
  smtpUser?: string;
  smtpPassword?: string;
  from?: string;
  outboxDir?: string;
  production?: boolean;
  /** A CA (PEM) to trust besides the system's, for a server with a private certificate (the tests' own). */
  smtpCa?: string;
  /** SMTP_ALLOW_PLAINTEXT: the operator accepts a server without TLS (a relay on the same machine). */
  smtpAllowPlaintext?: boolean;
}

/**
 * A server that does not answer, or stops answering, fails the send within seconds (the job stays queued and is
 * retried), instead of nodemailer's defaults of 2 minutes to connect and 10 minutes of silence.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

export const MAIL_NOT_CONFIGURED = 'Mail is not configured: set SMTP_URL (or SMTP_HOST) so account e-mail can be sent.';

export const DEFAULT_FROM = 'CineCat <no-reply@localhost>';
export const DEFAULT_OUTBOX_DIR = resolve('data', 'outbox');

export function createMailer(settings: MailSettings): Mailer {
  const send = createTransportMailer(settings);
  // The sink checks too: an address stored before the one-address rule (a comma made nodemailer mail several
  // recipients) or restored from a backup must not go out.
  return async (message) => {
    if (emailProblem(message.to)) throw new Error('Refusing to mail an invalid or multiple-recipient address.');
    await send(message);
  };
}

function createTransportMailer(settings: MailSettings): Mailer {
  const from = settings.from || DEFAULT_FROM;
  if (settings.smtpUrl || settings.smtpHost) {
    const server = settings.smtpUrl
      ? shared.parseConnectionUrl(settings.smtpUrl)
      : {
        host: settings.smtpHost,
        port: settings.smtpPort ?? 587,
        secure: settings.smtpPort === 465,
        auth: settings.smtpUser ? { user: settings.smtpUser, pass: settings.smtpPassword ?? '' } : undefined,
      };
    const transport = nodemailer.createTransport({
      ...SMTP_TIMEOUTS, ...server, ...(settings.smtpCa && { tls: { ...server.tls, ca: settings.smtpCa } }),
      // Without requireTLS nodemailer sends in clear when the server does not offer STARTTLS, which anyone on the
      // path can arrange by deleting the offer: the mail's live links (and the AUTH password) would travel in clear.
      ...(!settings.smtpAllowPlaintext && { requireTLS: true, ignoreTLS: false }),
    });
    return async ({ to, subject, text, headers }) => {
      await transport.sendMail({ from, to, subject, text, headers });
    };
  }
  if (settings.production && !settings.outboxDir) {
    return async () => {
      console.error(`[mail] ${MAIL_NOT_CONFIGURED}`);
      throw new Error(MAIL_NOT_CONFIGURED);
    };
  }
  const dir = settings.outboxDir || DEFAULT_OUTBOX_DIR;
  return async (message) => {
    await mkdir(dir, { recursive: true });
    const sentAt = new Date().toISOString();
    const file = join(dir, `${sentAt.replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.json`);
    await writeFile(file, JSON.stringify({ from, ...message, sentAt }, null, 2));
    console.info(`[mail] "${message.subject}" for ${message.to} written to ${file}${settings.production ? '' : `\n[mail] link: ${message.link}`}`);
  };
}
