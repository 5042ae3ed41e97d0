/**
 * The head script of every page (./early.js), inlined by BaseLayout without its comments, and the hash that lets
 * it run under the page's Content-Security-Policy (script-src has no 'unsafe-inline').
 */
import { createHash } from 'node:crypto';
import source from './early.js?raw';

export const EARLY_SCRIPT = source
  .replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '')
  .replace(/^\s*\/\/.*\n/gm, '')
  .trim();

export const EARLY_SCRIPT_HASH = `sha256-${createHash('sha256').update(EARLY_SCRIPT).digest('base64')}` as const;
