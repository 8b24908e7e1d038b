export { VitrineLogo, type VitrineLogoProps } from './VitrineLogo';
