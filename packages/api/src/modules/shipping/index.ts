export * from './addressLookup';
