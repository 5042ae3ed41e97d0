/** Mail as the e2e SMTP server received it (mailbox.ts): one JSON file per message in the outbox directory. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

export interface ReceivedMail { to: string; subject: string; text: string; headers: Record<string, string>; link: string }

/** The newest outbox message to the address with this subject, waiting for it to arrive. */
export async function outboxMessage(dir: string, to: string, subject: string): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect.poll(async () => {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const message = JSON.parse(await readFile(join(dir, file), 'utf8')) as ReceivedMail;
      if (message.to === to && message.subject === subject) return (found = message);
    }
    return undefined;
  }, { timeout: 20_000 }).toBeTruthy();
  return found!;
}

/** The link of the newest outbox message to the address with this subject (the one an account e-mail is about). */
export async function outboxLink(dir: string, to: string, subject: string): Promise<string> {
  return (await outboxMessage(dir, to, subject)).link;
}
