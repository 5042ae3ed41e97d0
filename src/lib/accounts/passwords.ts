/**
 * Password hashing with scrypt (node:crypto), compared in constant time. Format: scrypt$N$r$p$salt$hash, so a
 * stored hash says which parameters made it and can be rehashed when the current ones are stronger.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { ServerBusy } from '../http/errors.ts';
import { MESSAGES } from './client/messages.ts';

const KEY_LENGTH = 64;

export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/** OWASP's minimum for scrypt (Password Storage Cheat Sheet): N=2^17, r=8, p=1, about 128 MiB per hash. */
export const PRODUCTION_COST: ScryptCost = { N: 2 ** 17, r: 8, p: 1 };

let currentCost = PRODUCTION_COST;

/**
 * Tests only (their setup files call it): cheaper parameters so hundreds of hashes stay fast. Nothing in src/ or
 * scripts/ calls this, so every production path hashes with PRODUCTION_COST.
 */
export function usePasswordCostForTests(cost: ScryptCost): void {
  currentCost = cost;
}

// scrypt needs 128 * N * r bytes; Node refuses anything above maxmem (32 MiB by default).
const memoryFor = ({ N, r }: ScryptCost) => 128 * N * r + 16 * 1024 * 1024;

/**
 * scrypt runs on libuv's thread pool (4 threads), which static files and compression share: at most this many
 * hashes run at once and this many wait; past that the request is shed, so a flood of sign-ins cannot stall the site.
 */
export const SCRYPT_CONCURRENCY = { running: 2, waiting: 16 };
let running = 0;
const waiting: (() => void)[] = [];

async function withScryptSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < SCRYPT_CONCURRENCY.running) running++;
  else if (waiting.length < SCRYPT_CONCURRENCY.waiting) await new Promise<void>((resolve) => waiting.push(resolve));
  else throw new ServerBusy(MESSAGES.serverBusy);
  try {
    return await work();
  } finally {
    // The slot passes straight to the next waiter, or is freed.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

function scrypt(password: string, salt: Buffer, cost: ScryptCost): Promise<Buffer> {
  return withScryptSlot(() => new Promise((resolve, reject) =>
    scryptCallback(password, salt, KEY_LENGTH, { ...cost, maxmem: memoryFor(cost) }, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  ));
}

export async function hashPassword(password: string, cost: ScryptCost = currentCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** What any hash this site made can need: a tampered or restored row must not make one check take gigabytes. */
export const MAX_SCRYPT_MEMORY_BYTES = 256 * 1024 * 1024;
export const MAX_SCRYPT_P = 2;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
const MIN_SALT_BYTES = 16;

function parseHash(stored: string): { cost: ScryptCost; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  const [scheme, n, r, p, salt, hash] = parts;
  if (parts.length !== 6 || scheme !== 'scrypt' || !salt || !hash || !BASE64.test(salt) || !BASE64.test(hash)) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  if (!Object.values(cost).every((v) => Number.isSafeInteger(v) && v > 0)) return null;
  // scrypt takes 128 * N * r bytes, and N a power of two above 1.
  if (128 * cost.N * cost.r > MAX_SCRYPT_MEMORY_BYTES || cost.p > MAX_SCRYPT_P) return null;
  if (cost.N < 2 || (cost.N & (cost.N - 1)) !== 0) return null;
  const parsed = { cost, salt: Buffer.from(salt, 'base64'), hash: Buffer.from(hash, 'base64') };
  return parsed.salt.length >= MIN_SALT_BYTES && parsed.hash.length === KEY_LENGTH ? parsed : null;
}

/** True for a hash this site could have made (restore refuses anything else). */
export function isPasswordHash(stored: string): boolean {
  return parseHash(stored) !== null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.cost);
  return actual.length === parsed.hash.length && timingSafeEqual(actual, parsed.hash);
}

/** True when the stored hash was made with other parameters than the current ones (sign-in then rehashes it). */
export function needsRehash(stored: string): boolean {
  const cost = parseHash(stored)?.cost;
  return !cost || cost.N !== currentCost.N || cost.r !== currentCost.r || cost.p !== currentCost.p;
}

/**
 * A hash no password matches, at the current cost: checked when the e-mail is unknown, so that a miss costs as
 * much time as a wrong password.
 */
export function decoyHash(): string {
  const { N, r, p } = currentCost;
  return `scrypt$${N}$${r}$${p}$${Buffer.alloc(16).toString('base64')}$${Buffer.alloc(KEY_LENGTH).toString('base64')}`;
}
