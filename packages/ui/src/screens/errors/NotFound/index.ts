export { NotFoundScreen } from './NotFoundScreen';
export { NotFoundView, type NotFoundViewProps } from './NotFoundView';
