/**
 * Reads an uploaded file into entries: a ZIP (Letterboxd's export, or Trakt's JSON files zipped), one of Letterboxd's
 * CSV files, a Trakt JSON file or our own JSON. Anything else is refused as a whole with a message saying what is
 * accepted; a file that is read but has bad lines keeps its good ones (the bad ones are reported).
 * ZIPs are opened with fflate; only the entries we read are inflated, and their declared sizes are capped first.
 */
import { unzipSync } from 'fflate';
import { InvalidInput } from '../http/errors.ts';
import { isCinecatDocument, readCinecatDocument } from './cinecat-format.ts';
import type { ImportFormat } from './contract.ts';
import type { ParsedFile, ReadEntries } from './entries.ts';
import { LETTERBOXD_FILES, letterboxdColumns, letterboxdFileOf, readLetterboxdCsv } from './letterboxd.ts';
import { readTraktJson } from './trakt.ts';

export const NOT_AN_EXPORT = 'This file is not one we can import: upload Letterboxd\'s export (the ZIP, or its ratings.csv, '
  + 'watchlist.csv, watched.csv or diary.csv), Trakt\'s JSON export, or a CineCat JSON export.';

/** The most a ZIP's read entries may inflate to together: generous for real exports, small for a ZIP bomb. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;
/** Folders of Letterboxd's ZIP whose files are not the user's current data (deleted entries, likes, custom lists). */
const SKIPPED_FOLDERS = new Set(['deleted', 'orphaned', 'likes', 'lists']);

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
const baseName = (path: string) => path.split('/').pop() ?? path;

export function readImportFile(bytes: Uint8Array, name = 'file'): ParsedFile {
  if (bytes.byteLength === 0) throw new InvalidInput('The file is empty.');
  return isZip(bytes) ? readZip(bytes) : readOne(baseName(name), textOf(bytes, name))!;
}

function textOf(bytes: Uint8Array, name: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw new InvalidInput(`${baseName(name)} is not UTF-8 text. ${NOT_AN_EXPORT}`);
  }
}

function readZip(bytes: Uint8Array): ParsedFile {
  let declared = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (file) => {
        const folders = file.name.split('/').slice(0, -1);
        const wanted = !folders.some((folder) => SKIPPED_FOLDERS.has(folder.toLowerCase()))
          && ((LETTERBOXD_FILES as readonly string[]).includes(baseName(file.name).toLowerCase()) || /\.json$/i.test(file.name));
        if (wanted) declared += file.originalSize;
        if (declared > MAX_INFLATED_BYTES) throw new InvalidInput('The ZIP\'s files are too large once unpacked.');
        return wanted;
      },
    });
  } catch (error) {
    if (error instanceof InvalidInput) throw error;
    throw new InvalidInput('The ZIP file is damaged and cannot be opened.');
  }
  // A JSON file of Trakt's ZIP that holds none of the items we read (collection, comments, stats) is left out.
  const parts = Object.keys(files).filter((path) => !path.endsWith('/')).sort()
    .flatMap((path) => readOne(path, textOf(files[path]!, path), { lenient: /\.json$/i.test(path) }) ?? []);
  if (!parts.length) throw new InvalidInput(`The ZIP holds none of the files we read. ${NOT_AN_EXPORT}`);
  const formats = new Set(parts.map((part) => part.format));
  return {
    format: formats.size === 1 ? parts[0]!.format : 'letterboxd',
    files: parts.flatMap((part) => part.files),
    entries: parts.flatMap((part) => part.entries),
    bad: parts.flatMap((part) => part.bad),
  };
}

/** One file's entries; with `lenient`, null for JSON that is not an export instead of a refusal. */
function readOne(label: string, text: string, { lenient = false } = {}): ParsedFile | null {
  const parsed = (format: ImportFormat, read: ReadEntries): ParsedFile => ({ format, files: [label], ...read });
  const start = text.trimStart()[0];
  if (start === '{' || start === '[') {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      if (lenient) return null;
      throw new InvalidInput(`${label} is not valid JSON (${(error as Error).message}).`);
    }
    if (isCinecatDocument(value)) return parsed('cinecat', readCinecatDocument(value, label));
    const trakt = readTraktJson(value, label);
    if (!trakt && lenient) return null;
    if (!trakt) throw new InvalidInput(`${label} is not a Trakt export: it has no watchlist, rating or history item. ${NOT_AN_EXPORT}`);
    return parsed('trakt', trakt);
  }
  const columns = letterboxdColumns(text);
  if (!columns.length) throw new InvalidInput(NOT_AN_EXPORT);
  const file = letterboxdFileOf(label, columns);
  if (!file) {
    throw new InvalidInput(`${label} does not say which Letterboxd file it is: upload it named watchlist.csv or watched.csv, or upload the whole ZIP.`);
  }
  return parsed('letterboxd', readLetterboxdCsv(file, label, text));
}
