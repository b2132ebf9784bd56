import { setupServer } from 'msw/node';
import { resetMockState } from './fixtures.ts';
import { handlers } from './handlers.ts';

export const server = setupServer(...handlers);

/** Starts the mock server for the calling test file; unknown requests fail the test. */
export function startMockServer() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    server.resetHandlers();
    resetMockState();
  });
  afterAll(() => server.close());
}
