// The store's calendar: days are São Paulo's, whatever the server's or the database's zone.
export const STORE_TIME_ZONE = 'America/Sao_Paulo';

/** 'YYYY-MM-DD' that is a real calendar day, or null. */
export function parseIsoDay(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid && year >= 2000 && year <= 2100 ? value : null;
}

// One formatter per time zone: building an Intl.DateTimeFormat costs far more than formatting
// (~4 % of the server's CPU in bench/place-order.ts, one per order's mail).
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** 10/01/2025, 14:30 in `timeZone` (the store's by default). */
export function formatDateTimeIn(date: Date, timeZone: string = STORE_TIME_ZONE): string {
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(date);
}

const longDate = new Intl.DateTimeFormat('pt-BR', { timeZone: STORE_TIME_ZONE, dateStyle: 'long' });

/** '29 de novembro de 2026', the store's day (documents to sign: the content declaration). */
export function formatLongDate(date: Date): string {
  return longDate.format(date);
}
