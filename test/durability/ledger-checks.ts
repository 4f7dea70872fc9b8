import type { SqlReader } from './database-checks';
import { asRecord, callApi, type SourceAddresses } from './http';
import { Ledger } from './ledger';
import { orderedPair } from '../../server/lib/member-pair';

const positive = (type: string | undefined) => type === 'like' || type === 'super';

function sameInstant(stored: Date | string | null, answered: string | null): boolean {
  if (stored === null || answered === null) return stored === answered;
  return new Date(stored).getTime() === new Date(answered).getTime();
}

/** Every write the server acknowledged is in the database, with the values it acknowledged. */
export async function missingAckedWrites(db: SqlReader, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const memberIds = [...ledger.members.keys()];

  const users = await db.rows<{ id: string; username: string; email: string; role: string; password_hash: string; is_banned: boolean; ban_reason: string | null; is_vip: boolean; vip_until: Date | null }>(
    'select id, username, email, role, password_hash, is_banned, ban_reason, is_vip, vip_until from users where id = any($1::uuid[])',
    [memberIds],
  );
  const usersById = new Map(users.map((row) => [row.id, row]));
  for (const member of ledger.members.values()) {
    const row = usersById.get(member.id);
    if (!row) problems.push(`acknowledged registration of ${member.username} is missing`);
    else if (row.username !== member.username || row.email !== member.email || row.role !== 'user' || !row.password_hash)
      problems.push(`registration of ${member.username} is stored wrong: ${row.username} ${row.email} ${row.role}`);
  }

  for (const [id, reason] of ledger.bans) {
    const row = usersById.get(id);
    if (!row?.is_banned || row.ban_reason !== reason) problems.push(`acknowledged ban of ${ledger.members.get(id)?.username} is missing (banned: ${row?.is_banned}, reason: ${row?.ban_reason})`);
  }
  for (const [id, vipUntil] of ledger.vipGrants) {
    const row = usersById.get(id);
    if (!row?.is_vip || !sameInstant(row.vip_until, vipUntil)) problems.push(`acknowledged VIP grant to ${ledger.members.get(id)?.username} is missing (vip: ${row?.is_vip}, until ${String(row?.vip_until)})`);
  }

  const likeRows = await db.rows<{ from_user_id: string; to_user_id: string; type: string }>(
    'select from_user_id, to_user_id, type from likes where from_user_id = any($1::uuid[])',
    [memberIds],
  );
  const storedLikes = new Map(likeRows.map((row) => [Ledger.pairKey(row.from_user_id, row.to_user_id), row.type]));
  const matchRows = await db.rows<{ id: string; user_a_id: string; user_b_id: string }>(
    'select id, user_a_id, user_b_id from matches where user_a_id = any($1::uuid[]) or user_b_id = any($1::uuid[])',
    [memberIds],
  );
  const matchById = new Map(matchRows.map((row) => [row.id, row]));
  const matchByPair = new Set(matchRows.map((row) => Ledger.pairKey(row.user_a_id, row.user_b_id)));

  for (const [key, like] of ledger.likes) {
    const stored = storedLikes.get(key);
    if (stored !== like.type) problems.push(`acknowledged ${like.type} ${key} is ${stored ? `stored as ${stored}` : 'missing'}`);
    const pair = orderedPair(like.fromId, like.toId);
    if (like.matchId) {
      const match = matchById.get(like.matchId);
      if (!match || match.user_a_id !== pair.userAId || match.user_b_id !== pair.userBId) problems.push(`acknowledged match ${like.matchId} for ${key} is missing`);
    }
    // Both directions answered: whether the pair is a match follows from the two decisions alone.
    const reverse = ledger.likes.get(Ledger.pairKey(like.toId, like.fromId));
    if (reverse && like.fromId < like.toId) {
      const shouldMatch = positive(like.type) && positive(reverse.type);
      if (matchByPair.has(Ledger.pairKey(pair.userAId, pair.userBId)) !== shouldMatch) problems.push(`pair ${key}: ${like.type} and ${reverse.type} but match ${shouldMatch ? 'missing' : 'present'}`);
    }
  }

  const postRows = await db.rows<{ id: string; title: string; content: string; published: boolean }>(
    'select id, title, content, published from blog_posts where id = any($1::uuid[])',
    [[...ledger.posts.keys()]],
  );
  const postsById = new Map(postRows.map((row) => [row.id, row]));
  for (const post of ledger.posts.values()) {
    const row = postsById.get(post.id);
    if (!row) problems.push(`acknowledged blog post "${post.acked.title}" is missing`);
    else if (post.unansweredTitles.includes(row.title)) continue;
    else if (row.title !== post.acked.title || row.content !== post.acked.content || row.published !== post.acked.published)
      problems.push(`blog post ${post.id} is "${row.title}", not the acknowledged "${post.acked.title}" with its content`);
  }

  const withdrawalRows = await db.rows<{ id: string; status: string; txn_id: string | null; reason: string | null }>(
    'select id, status, txn_id, reason from withdrawals where id = any($1::uuid[])',
    [[...ledger.withdrawalDecisions.keys()]],
  );
  const withdrawalsById = new Map(withdrawalRows.map((row) => [row.id, row]));
  for (const decision of ledger.withdrawalDecisions.values()) {
    const row = withdrawalsById.get(decision.id);
    if (row?.status !== decision.status || row.txn_id !== decision.txnId || row.reason !== decision.reason)
      problems.push(`acknowledged ${decision.status} of withdrawal ${decision.id} is ${row ? `stored as ${row.status}` : 'missing'}`);
  }
  return problems;
}

/** After the restart, through the API: members sign in, bans hold, old sessions and matches and posts are served. */
export async function apiProblems(port: number, ledger: Ledger, addresses: SourceAddresses): Promise<string[]> {
  const problems: string[] = [];
  const members = [...ledger.members.values()];
  const active = members.filter((m) => !ledger.bans.has(m.id) && !ledger.unansweredBans.has(m.id)).slice(-4);
  for (const member of active) {
    const answer = await callApi(port, { method: 'POST', path: '/api/auth/login', from: addresses.take(), body: { username: member.username, password: member.password } });
    if (answer.status !== 200) problems.push(`${member.username} cannot sign in after the restart: ${answer.status}`);
  }
  for (const id of [...ledger.bans.keys()].slice(-2)) {
    const member = ledger.members.get(id);
    if (!member) continue;
    const answer = await callApi(port, { method: 'POST', path: '/api/auth/login', from: addresses.take(), body: { username: member.username, password: member.password } });
    if (answer.status !== 403) problems.push(`banned ${member.username} signs in with ${answer.status} after the restart`);
  }
  const matched = [...ledger.likes.values()].filter((like) => like.matchId).slice(-2);
  for (const like of matched) {
    const member = ledger.members.get(like.fromId);
    if (!member || ledger.bans.has(like.toId) || ledger.unansweredBans.has(like.toId)) continue;
    const answer = await callApi(port, { method: 'GET', path: '/api/matches', token: member.token });
    const listed = asRecord(answer.json).matches;
    const ids = Array.isArray(listed) ? listed.map((match) => asRecord(match).matchId) : [];
    if (answer.status !== 200 || !ids.includes(like.matchId)) problems.push(`${member.username}'s session or match ${like.matchId} did not survive: ${answer.status}`);
  }
  const published = [...ledger.posts.values()].filter((post) => post.acked.published && post.unansweredTitles.length === 0).slice(-3);
  for (const post of published) {
    const answer = await callApi(port, { method: 'GET', path: `/api/blog/${post.id}` });
    const served = asRecord(asRecord(asRecord(answer.json).data).post);
    if (answer.status !== 200 || served.content !== post.acked.content) problems.push(`blog post ${post.id} is served with ${answer.status} and other content`);
  }
  return problems;
}
