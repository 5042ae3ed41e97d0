/**
 * Account mail over real SMTP: an in-process `smtp-server` (the nodemailer project's) with a certificate made here,
 * trusted by the mailer only in this test. STARTTLS on a submission-style port, implicit TLS on a 465-style one,
 * AUTH on both; a server that refuses or drops the connection leaves the job queued, and a later drain sends it.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import selfsigned from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueAccountMail, sendQueuedAccountMail } from '../../src/lib/accounts/mail-queue.ts';
import { createMailer, type MailSettings } from '../../src/lib/accounts/mail.ts';
import { consumeAuthToken } from '../../src/lib/accounts/tokens.ts';
import { hashPassword } from '../../src/lib/accounts/passwords.ts';
import { describeEachEngine } from '../support/engines.ts';
import { createTestUser, TEST_SESSION_KEYS } from '../support/sessions.ts';
import { CONFIRM_PAGE_PATH } from '../../src/lib/accounts/client/routes.ts';
import { sendQueuedAlerts } from '../../src/lib/alerts/send.ts';
import { queueWishlistAlerts } from '../../src/lib/alerts/watchable.ts';
import { unsubscribeToken } from '../../src/lib/alerts/unsubscribe-token.ts';
import { insertMovie } from '../support/catalogue-fixtures.ts';

const SITE = 'https://cinecat.example';
const USER = 'mailer';
const PASSWORD = 'smtp-secret';

interface Received { to: string[]; secure: boolean; user: string | undefined; text: string; head: string }

let cert: { private: string; cert: string };
beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    keySize: 2048, algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'localhost' }, { type: 7, ip: '127.0.0.1' }] }],
  });
  cert = { private: pems.private, cert: pems.cert };
});

const servers: { close(callback: () => void): void }[] = [];
afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

/** A real SMTP server on a free port; `refuse` makes it answer the given stage with an error. */
async function startSmtp(options: { secure: boolean; refuse?: 'auth' | 'rcpt'; withoutStartTls?: boolean }) {
  const received: Received[] = [];
  const serverOptions: SMTPServerOptions = {
    secure: options.secure, key: cert.private, cert: cert.cert, authMethods: ['PLAIN', 'LOGIN'], logger: false, disableReverseLookup: true,
    // What an on-path attacker makes of a STARTTLS server: no offer, and the command refused.
    ...(options.withoutStartTls && { disabledCommands: ['STARTTLS'], allowInsecureAuth: true }),
    onAuth(auth, _session, callback) {
      if (options.refuse === 'auth' || auth.username !== USER || auth.password !== PASSWORD) {
        return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      if (options.refuse === 'rcpt') return callback(Object.assign(new Error('Mailbox unavailable, try later'), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => { raw += chunk.toString(); });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), secure: session.secure, user: session.user as string | undefined, text: decodeBody(raw),
          head: raw.slice(0, raw.indexOf('\r\n\r\n')) });
        callback();
      });
    },
  };
  const server = new SMTPServer(serverOptions);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = (server as unknown as { server: net.Server }).server.address() as AddressInfo;
  return { port, received };
}

/** The message body with quoted-printable soft line breaks and escapes undone (links may be wrapped). */
function decodeBody(raw: string): string {
  const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A server that accepts the connection and drops it at once. */
async function startDroppingServer() {
  const server = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

const startTls = (port: number): MailSettings => ({ smtpHost: '127.0.0.1', smtpPort: port, smtpUser: USER, smtpPassword: PASSWORD, smtpCa: cert.cert });
const implicitTls = (port: number): MailSettings => ({ smtpUrl: `smtps://${USER}:${PASSWORD}@127.0.0.1:${port}`, smtpCa: cert.cert });

describeEachEngine('account mail over SMTP', (getDb) => {
  const drain = (settings: MailSettings) => sendQueuedAccountMail({ db: getDb(), mailer: createMailer(settings), siteOrigin: SITE, keys: TEST_SESSION_KEYS });
  const drainAlerts = (settings: MailSettings) => sendQueuedAlerts({ db: getDb(), mailer: createMailer(settings), siteOrigin: SITE, keys: TEST_SESSION_KEYS });
  const queued = () => getDb().selectFrom('account_mail_jobs').select(['email', 'attempts', 'last_error']).orderBy('id').execute();

  it('sends the confirmation mail over STARTTLS with AUTH, its link confirming the sign-up', async () => {
    const smtp = await startSmtp({ secure: false });
    await enqueueAccountMail(getDb(), { kind: 'sign_up', email: 'starttls@example.com', passwordHash: await hashPassword('secret123') });
    expect(await drain(startTls(smtp.port))).toBe(1);

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({ to: ['starttls@example.com'], secure: true, user: USER });
    const token = mail!.text.match(new RegExp(`${SITE}${CONFIRM_PAGE_PATH}\\?token=([\\w-]+)`))?.[1];
    expect(token).toBeDefined();
    expect(await consumeAuthToken(getDb(), token!, 'confirm_email')).not.toBeNull();
    expect(await queued()).toEqual([]);
  });

  it('sends the reset mail over implicit TLS (smtps) with AUTH, its link resetting the password', async () => {
    const smtp = await startSmtp({ secure: true });
    const user = await createTestUser(getDb(), { email: 'implicit-tls@example.com' });
    await enqueueAccountMail(getDb(), { kind: 'password_reset', email: user.email });
    expect(await drain(implicitTls(smtp.port))).toBe(1);

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: [user.email], secure: true, user: USER });
    const token = smtp.received[0]!.text.match(new RegExp(`${SITE}/reset-password\\?token=([\\w-]+)`))?.[1];
    expect(await consumeAuthToken(getDb(), token!, 'reset_password')).toMatchObject({ userId: user.id });
  });

  it('leaves the job queued when the server refuses AUTH or the recipient, or drops the connection, and sends it later', async () => {
    const user = await createTestUser(getDb(), { email: 'retried@example.com' });
    await enqueueAccountMail(getDb(), { kind: 'password_reset', email: user.email });
    const refusingAuth = await startSmtp({ secure: false, refuse: 'auth' });
    const refusingRcpt = await startSmtp({ secure: false, refuse: 'rcpt' });
    const dropping = await startDroppingServer();
    const failures = [startTls(refusingAuth.port), startTls(refusingRcpt.port), startTls(dropping)];
    for (const [attempt, settings] of failures.entries()) {
      expect(await drain(settings)).toBe(0);
      const [job] = await queued();
      expect(job).toMatchObject({ email: user.email, attempts: attempt + 1 });
      expect(job!.last_error).toBeTruthy();
      // A failed job is retried once its claim times out: as if that time had passed.
      await getDb().updateTable('account_mail_jobs').set({ claimed_at: sql<Date>`now() - interval '1 hour'` }).execute();
    }
    expect(refusingAuth.received).toEqual([]);
    expect(refusingRcpt.received).toEqual([]);

    const working = await startSmtp({ secure: false });
    expect(await drain(startTls(working.port))).toBe(1);
    expect(working.received.map((mail) => mail.to)).toEqual([[user.email]]);
    expect(working.received[0]!.text).toContain(`${SITE}/reset-password?token=`);
    expect(await queued()).toEqual([]);
  });

  it('never sends in clear when STARTTLS is stripped, unless the operator allows plain SMTP (SMTP_ALLOW_PLAINTEXT)', async () => {
    const stripped = await startSmtp({ secure: false, withoutStartTls: true });
    const user = await createTestUser(getDb(), { email: 'stripped@example.com' });
    await enqueueAccountMail(getDb(), { kind: 'password_reset', email: user.email });
    expect(await drain(startTls(stripped.port))).toBe(0);
    expect(stripped.received).toEqual([]);
    expect((await queued())[0]!.last_error).toMatch(/STARTTLS/);

    await getDb().updateTable('account_mail_jobs').set({ claimed_at: sql<Date>`now() - interval '1 hour'` }).execute();
    expect(await drain({ ...startTls(stripped.port), smtpAllowPlaintext: true })).toBe(1);
    expect(stripped.received).toMatchObject([{ to: [user.email], secure: false, user: USER }]);
  });

  it('sends a Wishlist alert through the same queue, with its unsubscribe link in the text and in List-Unsubscribe', async () => {
    const smtp = await startSmtp({ secure: false });
    const user = await createTestUser(getDb(), { email: 'alert-smtp@example.com' });
    const movie = await insertMovie(getDb(), { title: 'Over The Wire' });
    await getDb().insertInto('user_list_items').values({ user_id: user.id, list: 'wishlist', content_type: 'movie', content_tmdb_id: movie.tmdb_id }).execute();
    await getDb().insertInto('wishlist_alert_subscriptions').values({ user_id: user.id }).execute();
    await getDb().updateTable('movies').set({ stream_url: 'https://example.com/embed/9' }).where('id', '=', movie.id).execute();
    expect(await queueWishlistAlerts(getDb())).toBe(1);
    expect(await drainAlerts(startTls(smtp.port))).toBe(1);

    const unsubscribe = `${SITE}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(TEST_SESSION_KEYS.secret, user.id))}`;
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatchObject({ to: [user.email], secure: true });
    expect(smtp.received[0]!.head).toContain('Subject: Over The Wire is ready to watch');
    expect(smtp.received[0]!.head.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(smtp.received[0]!.text).toContain(`${SITE}/movie/over-the-wire/${movie.tmdb_id}`);
    expect(smtp.received[0]!.text).toContain(`To stop them, open this link (no sign-in needed):\r\n\r\n${unsubscribe}`);
    expect(await queued()).toEqual([]);
  });

  it('an alert for a title that arrived on the user\'s service names the service and their region, with JustWatch\'s attribution', async () => {
    const smtp = await startSmtp({ secure: false });
    const user = await createTestUser(getDb(), { email: 'alert-services-smtp@example.com' });
    const movie = await insertMovie(getDb(), { title: 'On Their Service' });
    await getDb().insertInto('platforms').values({ id: 9901, name: 'Stream Co', logo_path: null }).execute();
    await getDb().insertInto('user_preferences').values({ user_id: user.id, watch_region: 'GB', updated_at: new Date() }).execute();
    await getDb().insertInto('user_watch_services').values({ user_id: user.id, platform_id: 9901 }).execute();
    await getDb().insertInto('user_list_items').values({ user_id: user.id, list: 'wishlist', content_type: 'movie', content_tmdb_id: movie.tmdb_id }).execute();
    await getDb().insertInto('wishlist_alert_subscriptions').values({ user_id: user.id }).execute();
    await getDb().insertInto('title_watch_providers').values({ content_type: 'movie', title_id: movie.id, region: 'GB', kind: 'flatrate', platform_id: 9901 }).execute();
    expect(await queueWishlistAlerts(getDb())).toBe(1);
    expect(await drainAlerts(startTls(smtp.port))).toBe(1);

    const unsubscribe = `${SITE}/unsubscribe?token=${encodeURIComponent(unsubscribeToken(TEST_SESSION_KEYS.secret, user.id))}`;
    expect(smtp.received).toMatchObject([{ to: [user.email], secure: true }]);
    expect(smtp.received[0]!.head).toContain('Subject: On Their Service is ready to watch');
    expect(smtp.received[0]!.head.replace(/\r\n\s+/g, ' ')).toContain(`List-Unsubscribe: <${unsubscribe}>`);
    expect(smtp.received[0]!.text).toContain('On Their Service, from your Wishlist, can be watched now on your service in United Kingdom: Stream Co.\r\n\r\n'
      + `${SITE}/movie/on-their-service/${movie.tmdb_id}\r\n\r\nWatch-provider data by JustWatch.\r\n`);
    expect(smtp.received[0]!.text).toContain(`To stop them, open this link (no sign-in needed):\r\n\r\n${unsubscribe}`);
  });
});
