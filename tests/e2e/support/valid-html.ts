/** html-validate with the project's rules (.htmlvalidate.mjs at the root, found as for a file there). */
import { join } from 'node:path';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';

const validator = new HtmlValidate(new FileSystemConfigLoader());

/** What the rules find in `html`, one line each: where, the rule, its message and the element. */
export async function htmlProblems(html: string, name: string): Promise<string[]> {
  const report = await validator.validateString(html, join(process.cwd(), `${name}.html`));
  return report.results.flatMap((result) => result.messages.map((message) =>
    `${message.line}:${message.column} [${message.ruleId}] ${message.message}${message.selector ? ` at ${message.selector}` : ''}`));
}
