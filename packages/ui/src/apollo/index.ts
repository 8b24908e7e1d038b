export { createApolloClient, type CreateApolloClientOptions } from './createApolloClient';
