import { randomBytes, randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SourceAddresses } from './http';
import { createMatchedPairs, MessageLedger, messageProblems, retryAfterRestart, runMessageStream } from './message-stream';
import { ServerProcess } from './server-process';
import { durabilityTargets, type DurabilityTarget } from './targets';

/**
 * Messages under SIGKILL, on PGlite and on PostgreSQL: matched pairs write to
 * each other at once (both sides of every conversation racing for its next
 * number), each message with an id made before the first try, and the server
 * is killed mid-stream. After the restart, through the members' own API:
 * every answered message is stored once and as answered, every conversation
 * is numbered 1..lastSeq without gaps, and sending the unanswered ones again
 * with the same ids stores each at most once (answered ones come back 200,
 * unchanged).
 */

const KILLS = 2;
const PAIRS = 6;
/** Answered messages per sender sent again after each restart (the per-sender limit is 30 in 30 s). */
const REPEATS_PER_SENDER = 3;
const ADMIN_PASSWORD = 'durability-messages-admin-password-2026';

const targets = durabilityTargets('messages', [5141, 5142]);

/** The last few answered messages of every sender in this round: they must come back 200, unchanged. */
function repeatsOf(ledger: MessageLedger, roundIds: Set<string>): string[] {
  const bySender = new Map<string, string[]>();
  for (const [id, { attempt }] of ledger.acked) {
    if (!roundIds.has(id)) continue;
    bySender.set(attempt.senderId, [...(bySender.get(attempt.senderId) ?? []), id]);
  }
  return [...bySender.values()].flatMap((ids) => ids.slice(-REPEATS_PER_SENDER));
}

describe.each(targets)('$name: SIGKILL in the middle of messages', (target) => {
  const addresses = new SourceAddresses();
  let server: ServerProcess;
  let prepared: Awaited<ReturnType<DurabilityTarget['prepare']>>;
  let ledger: MessageLedger;

  beforeAll(async () => {
    prepared = await target.prepare();
    server = new ServerProcess({ port: target.port, dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl, adminPassword: ADMIN_PASSWORD });
    await server.start();
    ledger = new MessageLedger(await createMatchedPairs(target.port, addresses, PAIRS, `msg${randomBytes(3).toString('hex')}`));
  });

  afterAll(async () => {
    await server?.kill();
    await prepared?.dispose();
  });

  for (let round = 1; round <= KILLS; round += 1) {
    it(`kill ${round} of ${KILLS}: answered messages are stored once, numbers have no gaps, retries with the same ids add nothing twice`, async () => {
      if (server.pid === undefined) await server.start();
      const ackedBefore = new Set(ledger.acked.keys());
      const killAfterAcks = 40 + randomInt(20);
      const stream = await runMessageStream({ port: target.port, ledger, killAfterAcks, onThreshold: () => server.kill(), tag: `round ${round}` });
      const unansweredAtKill = ledger.unanswered.size;
      expect(ledger.unexpectedAnswers, 'every message before the kill was answered 201').toEqual([]);
      expect(stream.inFlightAtKill, 'the kill landed while messages were in flight').toBeGreaterThan(0);

      await server.start();
      expect(await messageProblems(target.port, ledger), 'after the restart, before any retry').toEqual([]);

      const roundIds = new Set([...ledger.acked.keys()].filter((id) => !ackedBefore.has(id)));
      const retried = await retryAfterRestart(target.port, ledger, repeatsOf(ledger, roundIds));
      console.info(
        `${target.name} messages kill ${round}: SIGKILL after ${stream.acked} answered messages with ${stream.inFlightAtKill} in flight; ` +
          `${unansweredAtKill} unanswered sent again: ${retried.committedBeforeKill} had been committed before the kill (200), ${retried.newlyStored} were new (201); ` +
          `ledger now ${ledger.acked.size} messages in ${ledger.pairs.length} conversations`,
      );
      expect(retried.problems).toEqual([]);
      expect(ledger.unanswered.size).toBe(0);
      expect(await messageProblems(target.port, ledger), 'after the retries').toEqual([]);
    });
  }

  it('after the last kill: a clean shutdown and start serve every message once', async () => {
    expect(await server.stopGracefully()).toBe(0);
    await server.start();
    expect(await messageProblems(target.port, ledger)).toEqual([]);
    expect(await server.stopGracefully()).toBe(0);
  });
});
