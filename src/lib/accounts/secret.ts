/**
 * The secret that encrypts session cookies. Production (Netlify) must configure AUTH_SECRET; locally a random
 * secret is generated once and kept under ./data so sessions survive restarts without any setup.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { targetsNetlify } from '../settings.ts';

export const LOCAL_SECRET_FILE = resolve('data', 'auth-secret');

/** `serverless`: Netlify builds and functions (and any AWS Lambda host) have no persistent local disk to keep a secret on. */
export function resolveAuthSecret(configured: string | undefined, serverless = targetsNetlify(), file = LOCAL_SECRET_FILE): string {
  if (configured) return configured;
  if (serverless) {
    throw new Error('AUTH_SECRET is not set. Set it to a long random value (e.g. `openssl rand -base64 33`) in the site\'s environment variables.');
  }
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored) return stored;
  } catch {
    // Not generated yet.
  }
  const secret = randomBytes(33).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
