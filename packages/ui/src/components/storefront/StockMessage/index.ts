export { StockMessage, stockMessageText, type StockMessageProps } from './StockMessage';
