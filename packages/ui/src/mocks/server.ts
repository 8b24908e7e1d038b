// The MSW server for vitest (Node). Storybook uses the same handlers through the worker.
import { setupServer } from 'msw/node';

import { allHandlers } from './shared/handlers';

export const server = setupServer(...allHandlers());
