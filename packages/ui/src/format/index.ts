export { formatBRL } from './formatBRL';
export { daysFromToday, formatDate, formatDateTime, formatTime } from './formatDate';
export { pluralize } from './pluralize';
export { moneyInputText, parseBRL } from './money';
