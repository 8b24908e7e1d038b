export * from './ListStates';
