/**
 * html-validate's recommended rules, which tests/e2e/valid-html.spec.ts checks on one page of every type the built
 * server answers (`npx html-validate dist/client/index.html` checks a built page by hand). A rule turned off or relaxed
 * here says why; every other recommended rule holds.
 */
import { defineConfig } from 'html-validate';

export default defineConfig({
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // React writes a boolean attribute as disabled="", Astro as disabled: the same attribute, two spellings.
    'attribute-boolean-style': 'off',
    // React writes a few attribute names in camelCase (maxLength, autoComplete, noValidate); HTML reads attribute names
    // case-insensitively. Other spellings (uppercase, mixed) are still refused.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React's useId gives ids such as _r1R_0_: valid HTML ids (no space, not empty), which the strict form of the rule
    // refuses because they do not start with a letter.
    'valid-id': ['error', { relaxed: true }],
    // React closes void elements (<img />), Astro writes them as its source does: both are valid HTML.
    'void-style': 'off',
    // Computed values are style attributes: a poster as a player's background, a bar's progress, the width a view count
    // keeps. The Content-Security-Policy allows style attributes (astro.config.mjs) and nothing else inline.
    'no-inline-style': 'off',
  },
});
