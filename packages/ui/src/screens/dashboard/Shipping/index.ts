export { SHIPPING_ERROR, ShippingMethodsScreen } from './ShippingMethodsScreen';
export {
  SHIPPING_FORBIDDEN,
  ShippingMethodsView,
  type ShippingMethodsViewProps,
} from './ShippingMethodsView';
export { ShippingMethodEditorScreen } from './ShippingMethodEditorScreen';
export {
  SHIPPING_SIMULATOR_SAVED_NOTE,
  ShippingMethodEditorView,
  type ShippingMethodEditorViewProps,
} from './ShippingMethodEditorView';
export {
  ShippingSimulator,
  type ShippingSimulatorProps,
  type SimulationState,
  type SimulationValues,
} from './ShippingSimulator';
export type { ShippingMethod, ShippingOptionQuote } from './ShippingScreen.graphql';
export {
  SHIPPING_BOXES_ERROR,
  ShippingBoxesSection,
  type ShippingBoxesSectionProps,
} from './ShippingBoxesSection';
export type { ShippingBox, ShippingBoxInput } from './ShippingBoxes.graphql';
