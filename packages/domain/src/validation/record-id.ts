/** The largest id a row can have (PostgreSQL's integer). */
export const MAX_RECORD_ID = 2_147_483_647;

/** A row id written as text, as paths and forms carry it: digits, no leading zero. */
export const RECORD_ID_PATTERN = /^[1-9][0-9]{0,9}$/;

/** Whether text names a row that can exist: a well-formed id within the database's integer range. */
export function isRecordId(text: string): boolean {
  return RECORD_ID_PATTERN.test(text) && Number(text) <= MAX_RECORD_ID;
}
