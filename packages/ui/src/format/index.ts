export { formatBRL } from './formatBRL';
export { formatDate, formatDateTime } from './formatDate';
export { pluralize } from './pluralize';
