// requirements#seller-bulk-inventory: an uploaded offers CSV read into rows. UTF-8 only (a byte
// order mark is fine); a file that cannot be read at all is refused whole, before anything runs.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
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
/** The file is read this much at a time: each piece is parsed, then other requests get their turn. */
const PIECE_BYTES = 8 * 1024;

/** The file's text a piece at a time, or a NOT_UTF8 failure when its bytes are not UTF-8 or hold a NUL. */
async function* utf8Pieces(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let first = true;
  for await (const chunk of chunks) {
    let bytes = chunk;
    if (first) {
      first = false;
      if (BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(3);
    }
    const text = decodeOrNull(decoder, bytes, true);
    // a NUL is never in a text CSV: it is UTF-16 (NUL-interleaved) or a binary file
    if (text === null || text.includes('\u0000')) throw new NotUtf8();
    if (text) yield text;
    // the next piece waits for the requests that arrived meanwhile
    await new Promise((resolve) => setImmediate(resolve));
  }
  const rest = decodeOrNull(decoder, new Uint8Array(0), false);
  if (rest === null) throw new NotUtf8();
  if (rest) yield rest;
}

class NotUtf8 extends Error {}

function decodeOrNull(decoder: TextDecoder, bytes: Uint8Array, stream: boolean): string | null {
  try {
    return decoder.decode(bytes, { stream });
  } catch {
    return null;
  }
}

/**
 * Reads the upload as it streams from the file: the header's columns and every non-blank row with
 * its line number. Refused as soon as a row past OFFER_CSV_LIMITS.maxRows is read, without reading
 * the rest; a piece at a time, so a large file never holds up other requests.
 */
export async function readOffersCsv(path: string): Promise<ReadFileResult> {
  const file = createReadStream(path, { highWaterMark: PIECE_BYTES });
  try {
    return await readPieces(utf8Pieces(file));
  } finally {
    file.destroy();
  }
}

async function readPieces(pieces: AsyncGenerator<string>): Promise<ReadFileResult> {
  const parser = parse({
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    record_delimiter: ['\r\n', '\n', '\r'],
    raw: true,
    info: true,
  });
  const source = Readable.from(pieces);
  source.on('error', (error) => parser.destroy(error));
  source.pipe(parser);
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
    if (error instanceof NotUtf8) return { ok: false, code: 'NOT_UTF8', message: OFFER_CSV_MESSAGES.notUtf8 };
    if (error instanceof CsvError) {
      const lines: unknown = Reflect.get(error, 'lines');
      const line = typeof lines === 'number' ? lines : 1;
      return { ok: false, code: 'MALFORMED', message: OFFER_CSV_MESSAGES.malformed(line) };
    }
    throw error;
  } finally {
    source.unpipe(parser);
    source.destroy();
    parser.destroy();
  }
  if (header === null) return { ok: false, code: 'EMPTY', message: OFFER_CSV_MESSAGES.empty };
  if (rows.length === 0) return { ok: false, code: 'NO_ROWS', message: OFFER_CSV_MESSAGES.noRows };
  return { ok: true, header, rows };
}
