// The foundations pages' pieces (stories/foundations): a separate entry, so the icon set they
// show is loaded by those pages only, never by every story.
export {
  BrandThemesFoundation,
  IconsFoundation,
  PaletteFoundation,
  ShapeFoundation,
  SpacingFoundation,
  TypeScaleFoundation,
} from './Foundations';
export { themeColorPairs, wcagLevel, type ColorPair, type WcagLevel } from './contrast';
export { ICONS_IN_USE } from './iconsInUse';
