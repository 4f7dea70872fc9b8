import { randomBytes, randomUUID } from 'node:crypto';
import type { Message } from '../../contract/messaging';
import { asRecord, callApi, type SourceAddresses } from './http';

// Messages under SIGKILL: matched pairs write to each other concurrently, each
// message with an id made before the first try as a browser makes it. The
// ledger keeps every message whose 2xx answer arrived (as answered) and every
// one sent without an answer (it may or may not have been committed).

export interface Chatter {
  id: string;
  username: string;
  token: string;
}

export interface Pair {
  first: Chatter;
  second: Chatter;
}

export interface SentAttempt {
  id: string;
  senderId: string;
  receiverId: string;
  text: string;
}

export class MessageLedger {
  /** By message id: the stored message as the 2xx answer gave it, with the conversation it went to. */
  readonly acked = new Map<string, { attempt: SentAttempt; message: Message }>();
  /** By message id: sent, answer never came (refused connection, reset, timeout). */
  readonly unanswered = new Map<string, SentAttempt>();
  /** Answers that are neither 2xx nor a lost connection: each one is a failure. */
  readonly unexpectedAnswers: string[] = [];

  constructor(readonly pairs: Pair[]) {}

  record(attempt: SentAttempt, message: Message): void {
    this.unanswered.delete(attempt.id);
    this.acked.set(attempt.id, { attempt, message });
  }
}

export const pairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

async function register(port: number, from: string, username: string): Promise<Chatter> {
  const answer = await callApi(port, {
    method: 'POST',
    path: '/api/auth/register',
    from,
    body: { username, email: `${username}@durability.test`, password: randomBytes(12).toString('base64url'), age: 30, gender: 'female', acceptTerms: true },
  });
  const json = asRecord(answer.json);
  const token = json.token;
  const id = asRecord(json.user)._id;
  if (answer.status !== 201 || typeof token !== 'string' || typeof id !== 'string') throw new Error(`register ${username}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return { id, username, token };
}

/** `count` pairs of new members who liked each other both ways through the API (a match each). */
export async function createMatchedPairs(port: number, addresses: SourceAddresses, count: number, tag: string): Promise<Pair[]> {
  const pairs: Pair[] = [];
  for (let index = 0; index < count; index += 1) {
    const first = await register(port, addresses.take(), `${tag}_${index}_a`);
    const second = await register(port, addresses.take(), `${tag}_${index}_b`);
    for (const [from, to] of [
      [first, second],
      [second, first],
    ] as const) {
      const like = await callApi(port, { method: 'POST', path: '/api/users/like', token: from.token, body: { targetId: to.id, type: 'like' } });
      if (like.status !== 200) throw new Error(`like ${from.username} -> ${to.username}: ${like.status} ${JSON.stringify(like.json)}`);
    }
    pairs.push({ first, second });
  }
  return pairs;
}

export type SendOutcome = { kind: 'answered'; status: number; message: Message | undefined; body: unknown } | { kind: 'unanswered' };

export async function sendAttempt(port: number, token: string, attempt: SentAttempt): Promise<SendOutcome> {
  try {
    const answer = await callApi(port, {
      method: 'POST',
      path: `/api/conversations/${attempt.receiverId}/messages`,
      token,
      body: { id: attempt.id, text: attempt.text },
    });
    const message = asRecord(answer.json).message as Message | undefined;
    return { kind: 'answered', status: answer.status, message, body: answer.json };
  } catch {
    return { kind: 'unanswered' };
  }
}

export interface MessageStreamOptions {
  port: number;
  ledger: MessageLedger;
  /** After this many acknowledged messages in this stream, `onThreshold` runs (it kills the server). */
  killAfterAcks: number;
  onThreshold: () => Promise<void>;
  tag: string;
}

export interface MessageStreamResult {
  acked: number;
  inFlightAtKill: number;
}

/**
 * Every member of every pair writes to their match, one message after the
 * other, all members at once (so both sides of a conversation race for its
 * next number) until the threshold; then lanes stop once their request ends.
 */
export async function runMessageStream(options: MessageStreamOptions): Promise<MessageStreamResult> {
  const { ledger, port } = options;
  let acked = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let stopping = false;
  let threshold: Promise<void> | undefined;

  async function lane(sender: Chatter, receiver: Chatter): Promise<void> {
    let sent = 0;
    while (!stopping) {
      sent += 1;
      const attempt: SentAttempt = { id: randomUUID(), senderId: sender.id, receiverId: receiver.id, text: `${options.tag} ${sender.username} #${sent} ${randomBytes(4).toString('hex')}` };
      inFlight += 1;
      const outcome = await sendAttempt(port, sender.token, attempt);
      inFlight -= 1;
      if (outcome.kind === 'unanswered') {
        ledger.unanswered.set(attempt.id, attempt);
        // A refused connection after the kill: this lane is done.
        if (stopping) return;
        continue;
      }
      if (outcome.status === 201 && outcome.message) {
        ledger.record(attempt, outcome.message);
        acked += 1;
      } else {
        ledger.unexpectedAnswers.push(`send ${attempt.id}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
      }
      if (!threshold && acked >= options.killAfterAcks) {
        stopping = true;
        inFlightAtKill = inFlight;
        threshold = options.onThreshold();
      }
    }
  }

  const lanes = ledger.pairs.flatMap((pair) => [lane(pair.first, pair.second), lane(pair.second, pair.first)]);
  await Promise.all(lanes);
  await threshold;
  return { acked, inFlightAtKill };
}

/** Every message of the conversation as `reader` sees it: newest page of 200, then older pages by `before`. */
export async function readWholeConversation(port: number, reader: Chatter, peerId: string): Promise<{ messages: Message[]; lastSeq: number }> {
  const pages: Message[][] = [];
  let before: number | undefined;
  let lastSeq = -1;
  for (let page = 0; page < 1000; page += 1) {
    const query = before === undefined ? 'limit=200' : `limit=200&before=${before}`;
    const answer = await callApi(port, { method: 'GET', path: `/api/conversations/${peerId}/messages?${query}`, token: reader.token });
    if (answer.status !== 200) throw new Error(`reading ${reader.username}'s conversation: ${answer.status} ${JSON.stringify(answer.json)}`);
    const body = answer.json as { messages: Message[]; hasOlder: boolean; lastSeq: number };
    if (lastSeq < 0) lastSeq = body.lastSeq;
    pages.unshift(body.messages);
    const oldest = body.messages[0];
    if (!body.hasOlder || !oldest) break;
    before = oldest.seq;
  }
  return { messages: pages.flat(), lastSeq };
}

/** The reader's unread count for the peer, as GET /api/conversations reports it. */
async function unreadFrom(port: number, reader: Chatter, peerId: string): Promise<number | undefined> {
  const answer = await callApi(port, { method: 'GET', path: '/api/conversations', token: reader.token });
  if (answer.status !== 200) throw new Error(`listing ${reader.username}'s conversations: ${answer.status} ${JSON.stringify(answer.json)}`);
  const { conversations } = answer.json as { conversations: Array<{ userId: string; unread: number }> };
  return conversations.find((conversation) => conversation.userId === peerId)?.unread;
}

/**
 * What the restarted server serves against the ledger, read by both members
 * of every pair: numbers 1..lastSeq without gaps or repeats, every
 * acknowledged message once and as answered, and nothing that was never sent.
 */
export async function messageProblems(port: number, ledger: MessageLedger): Promise<string[]> {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  for (const pair of ledger.pairs) {
    const key = pairKey(pair.first.id, pair.second.id);
    for (const [reader, peer] of [
      [pair.first, pair.second],
      [pair.second, pair.first],
    ] as const) {
      const { messages, lastSeq } = await readWholeConversation(port, reader, peer.id);
      const seqs = messages.map((message) => message.seq);
      const expected = Array.from({ length: lastSeq }, (_, index) => index + 1);
      if (JSON.stringify(seqs) !== JSON.stringify(expected)) {
        problems.push(`${reader.username}: numbers are not 1..${lastSeq} without gaps (got ${messages.length}: ${seqs.slice(0, 20).join(',')}…)`);
      }
      const ids = new Set(messages.map((message) => message.id));
      if (ids.size !== messages.length) problems.push(`${reader.username}: ${messages.length - ids.size} message id(s) stored more than once`);
      // Nobody marks anything read here: the list's unread counter must be every message from the other member.
      const unread = await unreadFrom(port, reader, peer.id);
      const fromPeer = messages.filter((message) => message.senderId === peer.id).length;
      if (unread !== fromPeer) problems.push(`${reader.username}: the list says ${unread} unread from ${peer.username}, the conversation holds ${fromPeer}`);
      if (reader !== pair.first) continue;
      for (const message of messages) {
        seen.set(message.id, (seen.get(message.id) ?? 0) + 1);
        const acked = ledger.acked.get(message.id);
        const unanswered = ledger.unanswered.get(message.id);
        const attempt = acked?.attempt ?? unanswered;
        if (!attempt) problems.push(`${key}: message ${message.id} (#${message.seq}) was never sent`);
        else if (pairKey(attempt.senderId, attempt.receiverId) !== key || attempt.senderId !== message.senderId || attempt.text !== message.text) {
          problems.push(`${key}: message ${message.id} is not what was sent`);
        }
        if (acked && JSON.stringify(acked.message) !== JSON.stringify(message)) {
          problems.push(`${key}: message ${message.id} differs from its answer: ${JSON.stringify(acked.message)} vs ${JSON.stringify(message)}`);
        }
      }
    }
  }
  for (const [id, { attempt }] of ledger.acked) {
    const count = seen.get(id) ?? 0;
    if (count !== 1) problems.push(`acknowledged message ${id} from ${attempt.senderId} is stored ${count} times`);
  }
  return problems;
}

/**
 * After a restart: every unanswered message is sent again with its id (201
 * if the kill came before its commit, 200 with the stored one if after), and
 * `repeats` answered ones too, which must come back 200, unchanged.
 */
export async function retryAfterRestart(port: number, ledger: MessageLedger, repeats: Iterable<string>): Promise<{ problems: string[]; committedBeforeKill: number; newlyStored: number }> {
  const problems: string[] = [];
  const tokens = new Map(ledger.pairs.flatMap((pair) => [[pair.first.id, pair.first.token] as const, [pair.second.id, pair.second.token] as const]));
  let committedBeforeKill = 0;
  let newlyStored = 0;
  for (const attempt of [...ledger.unanswered.values()]) {
    const outcome = await sendAttempt(port, tokens.get(attempt.senderId) ?? '', attempt);
    if (outcome.kind !== 'answered' || (outcome.status !== 200 && outcome.status !== 201) || !outcome.message) {
      problems.push(`retry of ${attempt.id}: ${outcome.kind === 'answered' ? `${outcome.status} ${JSON.stringify(outcome.body)}` : 'no answer'}`);
      continue;
    }
    if (outcome.status === 200) committedBeforeKill += 1;
    else newlyStored += 1;
    if (outcome.message.id !== attempt.id || outcome.message.text !== attempt.text) problems.push(`retry of ${attempt.id} answered another message`);
    ledger.record(attempt, outcome.message);
  }
  for (const id of repeats) {
    const acked = ledger.acked.get(id);
    if (!acked) continue;
    const outcome = await sendAttempt(port, tokens.get(acked.attempt.senderId) ?? '', acked.attempt);
    if (outcome.kind !== 'answered' || outcome.status !== 200) {
      problems.push(`repeat of answered ${id}: ${outcome.kind === 'answered' ? `${outcome.status} ${JSON.stringify(outcome.body)}` : 'no answer'}`);
    } else if (JSON.stringify(outcome.message) !== JSON.stringify(acked.message)) {
      problems.push(`repeat of answered ${id} returned ${JSON.stringify(outcome.message)}, not ${JSON.stringify(acked.message)}`);
    }
  }
  return { problems, committedBeforeKill, newlyStored };
}
