export * from './SavedViewsMenu';
