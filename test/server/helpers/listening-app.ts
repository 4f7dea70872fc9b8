import { afterAll, afterEach, beforeAll } from 'vitest';
import { Tabs } from '../calls/call-helpers';
import { baseUrl } from '../messaging/messaging-helpers';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

export interface ListeningApp {
  /** The app, once the file's beforeAll has started it. */
  readonly testApp: TestApp;
  /** Where it listens (http://127.0.0.1:port). */
  readonly url: string;
  /** Members' realtime tabs, closed after each test. */
  readonly tabs: Tabs;
}

/**
 * A test app listening on a free port for the file's tests, for suites whose
 * members talk over the realtime channel: started before them, its tabs
 * closed after each, and the app closed after all.
 */
export function listeningTestApp(options: TestAppOptions): ListeningApp {
  let started: TestApp | undefined;
  let url = '';
  const tabs = new Tabs(() => url);
  beforeAll(async () => {
    started = await createTestApp(options);
    await started.app.listen({ port: 0, host: '127.0.0.1' });
    url = baseUrl(started.app);
  });
  afterEach(() => tabs.closeAll());
  afterAll(async () => {
    await started?.close();
  });
  return {
    get testApp() {
      if (!started) throw new Error('the test app is not started yet (use it inside a test or hook)');
      return started;
    },
    get url() {
      return url;
    },
    tabs,
  };
}
