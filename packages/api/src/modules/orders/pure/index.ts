export * from './cpf';
export * from './phone';
export * from './pricing';
export * from './uf';
