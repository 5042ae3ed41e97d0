import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonForHtml } from '../../src/lib/security/html-json.ts';
import { cleanLineText, cleanMultiLineText } from '../../src/lib/tmdb/text.ts';
import { movieDetailsSchema, personSchema } from '../../src/lib/tmdb/schemas.ts';
import { movieDetails, personDetails } from '../support/tmdb-fixtures/index.ts';

const HOSTILE = '</script><script>window.__pwned=1</script>\u0000 & <!-- \u2028\u2029';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
const CONTROL_EXCEPT_TAB_AND_LINE_FEED = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;

/** Any UTF-16 string, lone surrogates and control characters included. */
const anyText = fc.string({ unit: 'binary' });
const anyUnits = fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 }).map((units) => String.fromCharCode(...units));
/** Text without anything the cleaners remove. */
const cleanText = fc.string({ unit: 'grapheme' }).filter((text) => !CONTROL.test(text) && !LONE_SURROGATE.test(text));

describe('jsonForHtml', () => {
  it('escapes what would end a <script> element or break a JavaScript parser, and parses back to the same value', () => {
    const value = { name: HOSTILE, nested: [HOSTILE] };
    const json = jsonForHtml(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(json).toContain('\\u003c/script\\u003e');
    expect(JSON.parse(json)).toEqual(value);
  });

  it('round-trips any JSON value and never contains <, >, & or U+2028/U+2029', () => {
    fc.assert(fc.property(fc.jsonValue(), fc.string({ unit: 'binary' }), (value, text) => {
      const json = jsonForHtml({ value, text });
      expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify({ value, text })));
    }));
  });
});

describe('TMDB text cleaning', () => {
  it('removes NUL, lone surrogates and control characters, whatever the text', () => {
    fc.assert(fc.property(fc.oneof(anyText, anyUnits), (text) => {
      const line = cleanLineText(text);
      const prose = cleanMultiLineText(text);
      for (const cleaned of [line, prose]) {
        expect(cleaned).not.toContain('\u0000');
        expect(cleaned).not.toMatch(LONE_SURROGATE);
        expect(cleaned.isWellFormed()).toBe(true);
      }
      expect(line).not.toMatch(CONTROL);
      expect(prose).not.toMatch(CONTROL_EXCEPT_TAB_AND_LINE_FEED);
      expect(cleanLineText(line)).toBe(line);
      expect(cleanMultiLineText(prose)).toBe(prose);
    }));
  });

  it('leaves clean text unchanged', () => {
    fc.assert(fc.property(cleanText, (text) => {
      expect(cleanLineText(text)).toBe(text);
      expect(cleanMultiLineText(text)).toBe(text);
    }));
    expect(cleanMultiLineText('First paragraph.\n\n\tSecond one.')).toBe('First paragraph.\n\n\tSecond one.');
  });

  it('keeps line breaks in multi-line text and turns them into spaces in one-line text', () => {
    expect(cleanMultiLineText('a\r\nb\rc\u0000d\uD800e')).toBe('a\nb\ncde');
    expect(cleanLineText('Title\r\nSubtitle\t\u0000!')).toBe('Title Subtitle !');
  });

  it('cleans every TMDB text as it is parsed: titles, overviews, characters and biographies', () => {
    const movie = movieDetailsSchema.parse({ ...movieDetails(1), title: `Evil\u0000 ${HOSTILE}`, overview: `Line one\u0000\nline two\uDC00`,
      credits: { cast: [{ id: 9, name: 'Name\u0007', character: `Hero\u0000${HOSTILE}` }] } });
    expect(movie.title).toBe(`Evil ${HOSTILE.replace('\u0000', '')}`);
    expect(movie.overview).toBe('Line one\nline two');
    expect(movie.credits?.cast[0]).toMatchObject({ name: 'Name', character: `Hero${HOSTILE.replace('\u0000', '')}` });
    const person = personSchema.parse({ ...personDetails(31), biography: 'Born\u0000 somewhere.\r\nLater\u001b years.' });
    expect(person.biography).toBe('Born somewhere.\nLater years.');
  });
});
