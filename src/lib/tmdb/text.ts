/**
 * Cleans text that comes from TMDB before it reaches the database or a page. Postgres refuses NUL in text
 * ("invalid byte sequence for encoding UTF8: 0x00"), lone surrogates are not valid Unicode (they break UTF-8
 * encoders), and other control characters only garble pages. Multi-line text (overviews, biographies) keeps
 * line breaks (\r\n and \r become \n) and tabs; in one-line text (titles, names, characters) they become a space.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const CONTROL_EXCEPT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
const LINE_BREAK_OR_TAB = /[\t\n\v\f\r]+/g;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;

export function cleanMultiLineText(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(LONE_SURROGATE, '').replace(CONTROL_EXCEPT_TAB_AND_LINE_FEED, '');
}

export function cleanLineText(text: string): string {
  return text.replace(LONE_SURROGATE, '').replace(LINE_BREAK_OR_TAB, ' ').replace(CONTROL, '');
}
