// Dates as people in Brazil read them, always in the store's time zone so a server render, a
// test and a shopper abroad see the same day.
const TIME_ZONE = 'America/Sao_Paulo';

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
});

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

function toDate(value: Date | string | number): Date {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(`Invalid date: ${String(value)}`);
  }
  return date;
}

/** '2024-03-05T12:00:00Z' -> '05/03/2024'. */
export function formatDate(value: Date | string | number): string {
  return dateFormat.format(toDate(value));
}

/** '2024-03-05T12:30:00Z' -> '05/03/2024, 09:30' (Brasília time). */
export function formatDateTime(value: Date | string | number): string {
  return dateTimeFormat.format(toDate(value));
}

const timeFormat = new Intl.DateTimeFormat('pt-BR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

const dayKeyFormat = new Intl.DateTimeFormat('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: TIME_ZONE,
});

/** '2024-03-05T17:32:00Z' -> '14:32' (Brasília time). */
export function formatTime(value: Date | string | number): string {
  return timeFormat.format(toDate(value));
}

/** How many calendar days (Brasília time) `value` is after `today`: 0 the same day, 1 tomorrow. */
export function daysFromToday(
  value: Date | string | number,
  today: Date | string | number,
): number {
  const day = (date: Date) => Date.parse(`${dayKeyFormat.format(date)}T00:00:00Z`);
  return Math.round((day(toDate(value)) - day(toDate(today))) / 86_400_000);
}
