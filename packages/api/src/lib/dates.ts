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
