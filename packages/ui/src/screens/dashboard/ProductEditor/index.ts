export { ProductEditorScreen, type ProductEditorScreenProps } from './ProductEditorScreen';
export { ProductEditorView, type ProductEditorViewProps } from './ProductEditorView';
