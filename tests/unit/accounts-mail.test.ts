import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it, vi } from 'vitest';
import { confirmationEmail } from '../../src/lib/accounts/emails.ts';
import { createMailer, MAIL_NOT_CONFIGURED } from '../../src/lib/accounts/mail.ts';
import { mailSettings } from '../../src/lib/settings.ts';

afterEach(() => { vi.restoreAllMocks(); vi.unstubAllEnvs(); });

it('without SMTP, each message becomes a JSON file in the outbox and its link is printed', async () => {
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  const outboxDir = join(mkdtempSync(join(tmpdir(), 'outbox-')), 'nested');
  const send = createMailer({ outboxDir, from: 'Site <site@example.com>' });
  await send(confirmationEmail('a@example.com', 'http://site.test/api/accounts/confirm?token=abc'));
  await send(confirmationEmail('b@example.com', 'http://site.test/api/accounts/confirm?token=def'));

  const files = readdirSync(outboxDir);
  expect(files).toHaveLength(2);
  const messages = files.map((file) => JSON.parse(readFileSync(join(outboxDir, file), 'utf8')));
  expect(messages.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);
  expect(messages[0]).toMatchObject({ from: 'Site <site@example.com>', subject: 'Confirm your email' });
  expect(messages.find((m) => m.to === 'a@example.com').text).toContain('http://site.test/api/accounts/confirm?token=abc');
  expect(info.mock.calls.flat().join('\n')).toContain('link: http://site.test/api/accounts/confirm?token=def');
});

it('refuses to mail anything but exactly one address, whatever the database holds', async () => {
  const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
  const send = createMailer({ outboxDir });
  for (const to of ['victim@example.com,attacker@evil.test', 'victim@example.com\r\nBcc: attacker@evil.test']) {
    await expect(send(confirmationEmail(to, 'http://site.test/x'))).rejects.toThrow('Refusing to mail an invalid or multiple-recipient address.');
  }
  expect(readdirSync(outboxDir)).toEqual([]);
});

it('in production without SMTP or a chosen OUTBOX_DIR, sending fails loudly and no link is printed or written', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  const info = vi.spyOn(console, 'info').mockImplementation(() => {});
  for (const name of ['SMTP_URL', 'SMTP_HOST', 'OUTBOX_DIR', 'DATABASE_URL', 'NETLIFY_DATABASE_URL', 'NETLIFY', 'SITE_URL', 'TRUSTED_PROXY_HOPS']) vi.stubEnv(name, '');
  vi.stubEnv('HOST', '0.0.0.0');
  const send = createMailer(mailSettings());
  await expect(send(confirmationEmail('a@example.com', 'http://site.test/confirm-email?token=live'))).rejects.toThrow(MAIL_NOT_CONFIGURED);
  expect(error.mock.calls.flat().join('\n')).toContain(MAIL_NOT_CONFIGURED);
  expect(info).not.toHaveBeenCalled();

  // An outbox chosen on purpose still works in production, but the link is not printed.
  const outboxDir = mkdtempSync(join(tmpdir(), 'outbox-'));
  vi.stubEnv('OUTBOX_DIR', outboxDir);
  await createMailer(mailSettings())(confirmationEmail('a@example.com', 'http://site.test/confirm-email?token=live'));
  expect(readdirSync(outboxDir)).toHaveLength(1);
  expect(info.mock.calls.flat().join('\n')).not.toContain('token=live');
});
