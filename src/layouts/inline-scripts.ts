/**
 * The page's classic inline scripts, inlined without their comments, and their hashes, which let them run under
 * the page's Content-Security-Policy (script-src has no 'unsafe-inline'). BaseLayout adds every hash, because Astro
 * writes the policy into the head, before the body's components render.
 */
import { createHash } from 'node:crypto';
import headSource from './head.js?raw';
import mobilePromptSource from '../components/layout/mobile-prompt.js?raw';

interface InlineScript { code: string; hash: `sha256-${string}` }

function inlineScript(source: string): InlineScript {
  const code = source
    .replace(/^\s*\/\*[\s\S]*?\*\/\s*/, '')
    .replace(/^\s*\/\/.*\n/gm, '')
    .trim();
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}

/** The head script of every page (./head.js). */
export const HEAD_SCRIPT = inlineScript(headSource);

/** The mobile prompt's script (src/components/layout/mobile-prompt.js), right after its dialog. */
export const MOBILE_PROMPT_SCRIPT = inlineScript(mobilePromptSource);

export const INLINE_SCRIPT_HASHES = [HEAD_SCRIPT.hash, MOBILE_PROMPT_SCRIPT.hash];
