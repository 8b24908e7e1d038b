export { OrderLines, type OrderLineItem, type OrderLinesProps } from './OrderLines';
