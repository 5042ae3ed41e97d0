/**
 * Every relative link and #anchor in README.md and docs/ resolves: the file or folder exists, and an anchor matches a
 * heading of the target as GitHub slugs it. remark-validate-links does the checking, through unified-engine (the
 * engine remark's own CLI runs), because only the engine checks headings in other files. Offline: links to other
 * sites are not followed.
 */
import { PassThrough } from 'node:stream';
import { remark } from 'remark';
import type { Options as ValidateLinksOptions } from 'remark-validate-links';
import { engine, type Context } from 'unified-engine';
import { expect, it } from 'vitest';

function checkLinks(): Promise<Context> {
  // Offline: no Git remote is read, so links to the hosted repository are not checked.
  const validateLinks: ValidateLinksOptions = { repository: false, root: process.cwd() };
  return new Promise((done, fail) => {
    engine({
      processor: remark(),
      files: ['README.md', 'docs'],
      extensions: ['md'],
      cwd: process.cwd(),
      detectConfig: false,
      detectIgnore: false,
      // Checked only: nothing is written, and the report is this test's.
      output: false,
      out: false,
      streamError: new PassThrough(),
      // Given to the engine, not the processor, so that it hands the plugin every file (headings in other files); by
      // name, as remark's CLI loads it.
      plugins: [['remark-validate-links', validateLinks]],
    }, (error, _code, context) => (error || !context ? fail(error ?? new Error('unified-engine gave no result')) : done(context)));
  });
}

it('every relative link and anchor in README.md and docs/ resolves', async () => {
  const context = await checkLinks();
  const checked = context.files.map((file) => file.path).sort();
  expect(checked).toEqual(expect.arrayContaining(['README.md', 'docs/README.md']));
  const broken = context.files.flatMap((file) => file.messages
    .map((message) => `${file.path}:${message.line ?? '?'}:${message.column ?? '?'} ${message.reason}`));
  expect(broken).toEqual([]);
});
