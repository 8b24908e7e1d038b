export * from './ListStates';
export * from './PhoneCardList';
