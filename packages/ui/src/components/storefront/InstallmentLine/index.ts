export { InstallmentLine, type InstallmentLineProps } from './InstallmentLine';
