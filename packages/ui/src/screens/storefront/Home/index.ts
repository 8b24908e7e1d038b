export { HomeScreen } from './HomeScreen';
export { HomeView, type HomeBrand, type HomeCategory, type HomeViewProps } from './HomeView';
