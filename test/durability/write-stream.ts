import { randomBytes, randomInt } from 'node:crypto';
import type { LikeType } from '../../contract/discovery';
import { asRecord, callApi, type ApiAnswer, type ApiCall, type SourceAddresses } from './http';
import { Ledger, type Member, type MemberPurpose } from './ledger';

export interface StreamOptions {
  port: number;
  adminToken: string;
  ledger: Ledger;
  addresses: SourceAddresses;
  /** Requests kept in flight at once. */
  lanes: number;
  /** After this many acknowledged writes in this stream, `onThreshold` runs (it kills the server). */
  killAfterAcks: number;
  onThreshold: () => Promise<void>;
  /** Names made in this stream start with this, so every run and round is distinct. */
  tag: string;
}

export interface StreamResult {
  acked: number;
  /** Requests sent but unanswered when the threshold was reached: proof the kill landed mid-stream. */
  inFlightAtKill: number;
}

const PURPOSES: readonly MemberPurpose[] = ['liker', 'liker', 'liker', 'to-ban', 'liker', 'to-make-vip'];
const GENDERS = ['male', 'female', 'other'] as const;

type Outcome = 'acked' | 'refused' | 'unanswered';

function pick<T>(items: readonly T[]): T | undefined {
  return items.length ? items[randomInt(items.length)] : undefined;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * A concurrent stream of acknowledged writes of every kind the issue names:
 * registrations, likes (with matches), blog saves and admin decisions (bans,
 * VIP grants, withdrawal decisions). Each write is recorded in the ledger
 * only once its 2xx answer has arrived.
 */
export async function runWriteStream(options: StreamOptions): Promise<StreamResult> {
  const { ledger, port } = options;
  const busy = new Set<string>();
  let acked = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let stopping = false;
  let registrations = 0;
  let posts = 0;
  const pendingWithdrawals = await listPendingWithdrawals(port, options.adminToken);

  async function send(label: string, call: ApiCall): Promise<{ outcome: Outcome; answer?: ApiAnswer }> {
    inFlight += 1;
    try {
      const answer = await callApi(port, call);
      if (answer.status >= 200 && answer.status < 300) {
        acked += 1;
        return { outcome: 'acked', answer };
      }
      ledger.unexpectedAnswers.push(`${label}: ${answer.status} ${text(asRecord(answer.json).message)}`);
      return { outcome: 'refused', answer };
    } catch {
      return { outcome: 'unanswered' };
    } finally {
      inFlight -= 1;
    }
  }

  async function register(): Promise<void> {
    registrations += 1;
    const username = `${options.tag}_${registrations}`;
    const purpose = PURPOSES[registrations % PURPOSES.length] ?? 'liker';
    const password = randomBytes(12).toString('base64url');
    const email = `${username}@durability.test`;
    const body = { username, email, password, age: 18 + randomInt(50), gender: pick(GENDERS), acceptTerms: true };
    const result = await send(`register ${username}`, { method: 'POST', path: '/api/auth/register', body, from: options.addresses.take() });
    if (result.outcome === 'unanswered') ledger.unansweredRegistrations.add(username);
    if (result.outcome !== 'acked') return;
    const json = asRecord(result.answer?.json);
    const member: Member = { id: text(asRecord(json.user)._id), username, email, password, token: text(json.token), purpose };
    ledger.members.set(member.id, member);
  }

  function likers(): Member[] {
    return [...ledger.members.values()].filter((member) => member.purpose === 'liker');
  }

  /** Half the time answer a like already given (a match), otherwise a fresh pair. */
  function chooseLike(): { from: Member; to: Member; type: LikeType } | undefined {
    const people = likers();
    const open = (from: Member, to: Member) => from.id !== to.id && !ledger.pairDecided(from.id, to.id) && !busy.has(`like:${from.id}|${to.id}`);
    if (randomInt(2) === 0) {
      for (const like of ledger.likes.values()) {
        const from = ledger.members.get(like.toId);
        const to = ledger.members.get(like.fromId);
        if (like.type !== 'dislike' && from?.purpose === 'liker' && to && open(from, to)) return { from, to, type: randomInt(4) ? 'like' : 'super' };
      }
    }
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const from = pick(people);
      const to = pick(people);
      if (from && to && open(from, to)) return { from, to, type: randomInt(5) ? 'like' : 'dislike' };
    }
    return undefined;
  }

  async function like(choice: { from: Member; to: Member; type: LikeType }): Promise<void> {
    const key = Ledger.pairKey(choice.from.id, choice.to.id);
    busy.add(`like:${key}`);
    const result = await send(`like ${choice.from.username} -> ${choice.to.username}`, {
      method: 'POST',
      path: '/api/users/like',
      token: choice.from.token,
      body: { targetId: choice.to.id, type: choice.type },
    });
    busy.delete(`like:${key}`);
    if (result.outcome === 'unanswered') ledger.unansweredLikes.add(key);
    if (result.outcome !== 'acked') return;
    const json = asRecord(result.answer?.json);
    const matchId = json.match === true ? text(json.matchId) : null;
    ledger.likes.set(key, { fromId: choice.from.id, toId: choice.to.id, type: choice.type, matchId });
  }

  function postBody(title: string) {
    const published = randomInt(4) > 0;
    return { title, excerpt: `Excerpt of ${title}`, content: `<p>${title}</p><p>${randomBytes(24).toString('hex')}</p>`, published };
  }

  async function createPost(): Promise<void> {
    posts += 1;
    const title = `Durability ${options.tag} post ${posts}`;
    const result = await send(`create post ${title}`, { method: 'POST', path: '/api/blog/admin', token: options.adminToken, body: postBody(title) });
    if (result.outcome !== 'acked') return;
    const post = asRecord(asRecord(result.answer?.json).post);
    ledger.posts.set(text(post._id), {
      id: text(post._id),
      acked: { title: text(post.title), content: text(post.content), published: post.published === true },
      unansweredTitles: [],
    });
  }

  async function updatePost(id: string): Promise<void> {
    const record = ledger.posts.get(id);
    if (!record) return;
    busy.add(`post:${id}`);
    const title = `${record.acked.title.replace(/ v\d+$/, '')} v${randomInt(1000, 9999)}`;
    const result = await send(`update post ${id}`, { method: 'PUT', path: `/api/blog/admin/${id}`, token: options.adminToken, body: postBody(title) });
    busy.delete(`post:${id}`);
    if (result.outcome === 'unanswered') record.unansweredTitles.push(title);
    if (result.outcome !== 'acked') return;
    const post = asRecord(asRecord(result.answer?.json).post);
    record.acked = { title: text(post.title), content: text(post.content), published: post.published === true };
    record.unansweredTitles = [];
  }

  async function ban(member: Member): Promise<void> {
    busy.add(`member:${member.id}`);
    const reason = `Durability ban ${randomBytes(6).toString('hex')}`;
    const result = await send(`ban ${member.username}`, { method: 'POST', path: `/api/admin/user/${member.id}/ban`, token: options.adminToken, body: { reason } });
    if (result.outcome === 'unanswered') ledger.unansweredBans.add(member.id);
    if (result.outcome === 'acked') ledger.bans.set(member.id, reason);
  }

  async function makeVip(member: Member): Promise<void> {
    busy.add(`member:${member.id}`);
    const body = { days: 1 + randomInt(365) };
    const result = await send(`make-vip ${member.username}`, { method: 'POST', path: `/api/admin/user/${member.id}/make-vip`, token: options.adminToken, body });
    if (result.outcome === 'unanswered') ledger.unansweredVipGrants.add(member.id);
    if (result.outcome === 'acked') ledger.vipGrants.set(member.id, text(asRecord(asRecord(result.answer?.json).user).vipUntil) || null);
  }

  async function decideWithdrawal(id: string): Promise<void> {
    // Decided once, whatever the answer: a second decision would be a 409 by design.
    const index = pendingWithdrawals.indexOf(id);
    if (index < 0) return;
    pendingWithdrawals.splice(index, 1);
    const approve = randomInt(2) === 0;
    const txnId = `DUR-${randomBytes(5).toString('hex')}`;
    const reason = `Durability rejection ${randomBytes(5).toString('hex')}`;
    const result = await send(`decide withdrawal ${id}`, {
      method: 'POST',
      path: `/api/admin/withdrawals/${approve ? 'approve' : 'reject'}/${id}`,
      token: options.adminToken,
      body: approve ? { txnId } : { reason },
    });
    if (result.outcome === 'unanswered') ledger.unansweredWithdrawals.add(id);
    if (result.outcome === 'acked') {
      ledger.withdrawalDecisions.set(id, { id, status: approve ? 'approved' : 'rejected', txnId: approve ? txnId : null, reason: approve ? null : reason });
    }
  }

  /** One write of a kind that is possible right now, weighted so every kind shows up in every round. */
  function nextWrite(): () => Promise<void> {
    const waiting = (purpose: MemberPurpose, done: Map<string, unknown>, unanswered: Set<string>) =>
      [...ledger.members.values()].filter((m) => m.purpose === purpose && !done.has(m.id) && !unanswered.has(m.id) && !busy.has(`member:${m.id}`));
    const choices: (() => Promise<void>)[] = [register, register, register, createPost];
    const likeChoice = chooseLike();
    if (likeChoice) choices.push(() => like(likeChoice), () => like(likeChoice), () => like(likeChoice));
    const postToUpdate = pick([...ledger.posts.keys()].filter((id) => !busy.has(`post:${id}`)));
    if (postToUpdate) choices.push(() => updatePost(postToUpdate));
    const toBan = pick(waiting('to-ban', ledger.bans, ledger.unansweredBans));
    if (toBan) choices.push(() => ban(toBan));
    const toVip = pick(waiting('to-make-vip', ledger.vipGrants, ledger.unansweredVipGrants));
    if (toVip) choices.push(() => makeVip(toVip));
    const withdrawal = pendingWithdrawals[0];
    if (withdrawal) choices.push(() => decideWithdrawal(withdrawal));
    return choices[randomInt(choices.length)] ?? register;
  }

  let threshold: Promise<void> | undefined;
  async function lane(): Promise<void> {
    while (!stopping) {
      await nextWrite()();
      if (!threshold && acked >= options.killAfterAcks) {
        stopping = true;
        inFlightAtKill = inFlight;
        threshold = options.onThreshold();
      }
    }
  }

  await Promise.all(Array.from({ length: options.lanes }, () => lane()));
  await threshold;
  return { acked, inFlightAtKill };
}

async function listPendingWithdrawals(port: number, adminToken: string): Promise<string[]> {
  const answer = await callApi(port, { method: 'GET', path: '/api/admin/withdrawals/all?status=pending&limit=100', token: adminToken });
  if (answer.status !== 200) throw new Error(`listing withdrawals failed: ${answer.status}`);
  const list = asRecord(answer.json).withdrawals;
  return Array.isArray(list) ? list.map((item) => text(asRecord(item)._id)) : [];
}
