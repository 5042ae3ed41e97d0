/** Mail as the server writes it without SMTP: one JSON file per message in the outbox directory. */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from '@playwright/test';

/** The link of the newest outbox message to the address with this subject, waiting for it to arrive. */
export async function outboxLink(dir: string, to: string, subject: string): Promise<string> {
  let link: string | undefined;
  await expect.poll(async () => {
    const files = (await readdir(dir).catch(() => [] as string[])).sort().reverse();
    for (const file of files) {
      const message = JSON.parse(await readFile(join(dir, file), 'utf8')) as { to: string; subject: string; link: string };
      if (message.to === to && message.subject === subject) return (link = message.link);
    }
    return undefined;
  }).toBeTruthy();
  return link!;
}
