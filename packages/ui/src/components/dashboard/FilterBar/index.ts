export * from './FilterBar';
