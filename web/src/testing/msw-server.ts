import { setupServer } from 'msw/node';

import { localeHandlers } from './locale-handlers';

export const server = setupServer(...localeHandlers);
