// The server clock a browser test moves (E2E_MOVABLE_CLOCK=1, e2e/support/moved-clock.ts), for what only time
// unlocks, e.g. earnings pending for 60 days. Test harness only: scripts/e2e-server.mjs installs it before the app
// loads, so every `new Date()` and `Date.now()` of the server reads the moved time. The test writes the offset in
// milliseconds to `offsetFile`; the clock answers in `${offsetFile}.applied` once it reads that time.
import { existsSync, readFileSync, watchFile, writeFileSync } from 'node:fs';

const POLL_MS = 100;

export function installMovableClock(offsetFile) {
  const RealDate = Date;
  let offsetMs = 0;
  const now = () => RealDate.now() + offsetMs;
  // A Proxy rather than a subclass: `Date()` called without `new` and `instanceof Date` keep working.
  globalThis.Date = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
  watchFile(offsetFile, { interval: POLL_MS }, () => {
    if (!existsSync(offsetFile)) return;
    const written = Number(readFileSync(offsetFile, 'utf8'));
    if (!Number.isSafeInteger(written)) return;
    offsetMs = written;
    writeFileSync(`${offsetFile}.applied`, String(offsetMs));
  });
}
