export { createApolloClient, type CreateApolloClientOptions } from './createApolloClient';
export { ServerRenderContext, useIsServerRender } from './serverRender';
