// The dashboard's building blocks: pure, shared by its screens (not on the storefront's pages).
export * from './ConfirmDialog';
export * from './FilterBar';
export * from './KpiCards';
export * from './LeaveDialog';
export * from './ListStates';
export * from './SavedViewsMenu';
export * from './Timeline';
