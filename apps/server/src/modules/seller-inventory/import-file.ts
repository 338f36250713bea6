// requirements#seller-bulk-inventory: an uploaded offers CSV read into rows. UTF-8 only (a byte
// order mark is fine); a file that cannot be read at all is refused whole, before anything runs.
import { CsvError, parse } from 'csv-parse';
import {
  OFFER_CSV_LIMITS,
  OFFER_CSV_MESSAGES,
  readCsvHeader,
  type CsvHeader,
} from '@marketplace/domain/sellers/inventory-csv';

/** A data row of the file: its line number (where it starts), its cells and its length in characters. */
export type CsvRow = { line: number; cells: string[]; rawLength: number };
export type ReadFileResult =
  | { ok: true; header: CsvHeader; rows: CsvRow[] }
  | {
      ok: false;
      code: 'EMPTY' | 'NOT_UTF8' | 'BAD_HEADER' | 'MALFORMED' | 'NO_ROWS' | 'TOO_MANY_ROWS';
      message: string;
    };

const BOM = [0xef, 0xbb, 0xbf];

/** The file's text, or null when its bytes are not UTF-8 (a Latin-1 or UTF-16 export, a binary file). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  const start = BOM.every((b, i) => bytes[i] === b) ? 3 : 0;
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes.subarray(start));
    // a NUL is never in a text CSV: it is UTF-16 (NUL-interleaved) or a binary file
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}

/** Reads the whole upload: the header's columns and every non-blank row with its line number. */
export async function readOffersCsv(bytes: Uint8Array): Promise<ReadFileResult> {
  if (bytes.length === 0) return { ok: false, code: 'EMPTY', message: OFFER_CSV_MESSAGES.empty };
  const text = decodeUtf8(bytes);
  if (text === null) return { ok: false, code: 'NOT_UTF8', message: OFFER_CSV_MESSAGES.notUtf8 };
  if (text.trim() === '') return { ok: false, code: 'EMPTY', message: OFFER_CSV_MESSAGES.empty };
  const parser = parse(text, {
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    raw: true,
    info: true,
  });
  let header: CsvHeader | null = null;
  const rows: CsvRow[] = [];
  try {
    for await (const entry of parser as AsyncIterable<{
      record: string[];
      raw: string;
      info: { lines: number };
    }>) {
      const breaks = entry.record.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
      const line = entry.info.lines - breaks;
      if (header === null) {
        const read = readCsvHeader(entry.record);
        if (!read.ok) return { ok: false, code: 'BAD_HEADER', message: read.message };
        header = read.header;
        continue;
      }
      if (rows.length >= OFFER_CSV_LIMITS.maxRows) {
        return { ok: false, code: 'TOO_MANY_ROWS', message: OFFER_CSV_MESSAGES.tooManyRows };
      }
      rows.push({ line, cells: entry.record, rawLength: entry.raw.replace(/[\r\n]+$/, '').length });
    }
  } catch (error) {
    if (error instanceof CsvError) {
      const lines: unknown = Reflect.get(error, 'lines');
      const line = typeof lines === 'number' ? lines : 1;
      return { ok: false, code: 'MALFORMED', message: OFFER_CSV_MESSAGES.malformed(line) };
    }
    throw error;
  }
  if (header === null) return { ok: false, code: 'EMPTY', message: OFFER_CSV_MESSAGES.empty };
  if (rows.length === 0) return { ok: false, code: 'NO_ROWS', message: OFFER_CSV_MESSAGES.noRows };
  return { ok: true, header, rows };
}
