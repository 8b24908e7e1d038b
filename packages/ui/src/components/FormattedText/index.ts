export { FormattedText, type FormattedTextProps } from './FormattedText';
export {
  formattedTextToPlain,
  parseFormattedText,
  parseInline,
  type BlockNode,
  type InlineNode,
} from './parseFormattedText';
