export * from './addressLookup';
export * from './cep';
