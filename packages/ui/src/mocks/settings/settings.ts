// The settings domain of the GraphQL mock: the store's public settings.
import { makeStoreSettings, type StoreSettingsFixture } from './settings.fixtures';
import {
  defineGraphqlDomain,
  type RequestContext,
  type RootResolvers,
} from '../shared/graphqlDomain';
import { staffSettingsResolvers } from './staffSettings';

const resolvers = {
  storeSettings: (_args: unknown, { world }: RequestContext) => world.settings,
  ...staffSettingsResolvers,
} satisfies RootResolvers;

/** Store settings: `settingsMock.answers({ storeName: 'Casa Aurora' })`. */
export const settingsMock = defineGraphqlDomain(
  'settings',
  (input?: Partial<StoreSettingsFixture>) => makeStoreSettings(input),
  resolvers,
);
