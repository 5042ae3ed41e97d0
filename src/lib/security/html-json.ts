/**
 * JSON for embedding in HTML (`<script type="application/ld+json">`, data islands): JSON.stringify leaves `<`
 * as is, so catalogue text holding `</script>` would end the element and run what follows. The escapes below
 * are still valid JSON and parse back to the same value; U+2028/U+2029 are escaped for JavaScript parsers.
 */
const HTML_UNSAFE = /[<>&\u2028\u2029]/g;

export function jsonForHtml(value: object): string {
  return JSON.stringify(value).replace(HTML_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
