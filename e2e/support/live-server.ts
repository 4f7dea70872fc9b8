import fs from 'node:fs';
import path from 'node:path';
import { test as base } from './test';
import { startTestJanus } from '../../test/live-media/janus-host';
import { SERVER_START_LIMIT_MS, startE2eServer, stopServer } from './server-process';

/**
 * The live-stream tests run on both media forwarders. On werift (the
 * default) they use the e2e web server of playwright.config.ts. The
 * `live-janus` project sets `liveMedia: 'janus'` and its own baseURL; for
 * it, each worker starts a test Janus and a second e2e server on that port
 * with LIVE_MEDIA=janus, so the other projects never pay for either.
 */

export type LiveMedia = 'werift' | 'janus';

export interface LiveMediaOptions {
  liveMedia: LiveMedia;
}

export const test = base.extend<object, LiveMediaOptions & { liveServer: void }>({
  liveMedia: ['werift', { scope: 'worker', option: true }],
  liveServer: [
    // Playwright's `use`, named otherwise so React's hook rules do not take it for React's use().
    async ({ liveMedia }, runWorker, workerInfo) => {
      if (liveMedia === 'werift') {
        await runWorker();
        return;
      }
      const baseURL = workerInfo.project.use.baseURL;
      if (!baseURL) throw new Error(`project ${workerInfo.project.name} needs a baseURL of its own for the Janus-backed server`);
      const logDir = path.join(workerInfo.project.outputDir, `live-janus-worker-${workerInfo.workerIndex}`);
      fs.mkdirSync(logDir, { recursive: true });
      const janus = await startTestJanus({ logFile: path.join(logDir, 'janus.log') });
      try {
        const server = await startE2eServer({
          name: 'Janus-backed e2e server',
          port: Number(new URL(baseURL).port),
          env: { LIVE_MEDIA: 'janus', JANUS_URL: janus.url },
          logFile: path.join(logDir, 'server.log'),
        });
        try {
          await runWorker();
        } finally {
          await stopServer(server);
        }
      } finally {
        await janus.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: SERVER_START_LIMIT_MS + 30_000 },
  ],
});

export { expect } from './test';
