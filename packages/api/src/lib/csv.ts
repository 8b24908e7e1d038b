// CSV as Excel in Brazil opens it, for every export (orders, products, the audit log): ';'
// separated, CRLF, a BOM, dd/mm/aaaa and HH:mm in São Paulo's time, quoted cells where needed,
// and no cell that a spreadsheet would run as a formula (a leading ' when a cell starts with
// = + - @, a tab or a carriage return, or with 's before one: '=x is written ''=x, so a reader that
// takes one ' off such a cell, as the product import does, gets every text back as it was).
import { STORE_TIME_ZONE } from './dates';

export const CSV_SEPARATOR = ';';
export const CSV_NEWLINE = '\r\n';
export const CSV_BOM = '\ufeff';

/** One cell: formula-looking text disarmed with a leading ', quoted when it holds ; " or a break. */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^'*[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_NEWLINE;
}

const dayFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: STORE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: STORE_TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const isoDayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: STORE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/** dd/mm/aaaa in São Paulo. */
export const saoPauloDate = (instant: Date): string => dayFormat.format(instant);
/** HH:mm in São Paulo. */
export const saoPauloTime = (instant: Date): string => timeFormat.format(instant);
/** AAAA-MM-DD in São Paulo (an export's file name). */
export const saoPauloIsoDay = (instant: Date): string => isoDayFormat.format(instant);
