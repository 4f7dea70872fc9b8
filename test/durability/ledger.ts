import type { LikeType } from '../../contract/discovery';

/** What a registered member is for in the stream: likers like, the others wait for an admin decision. */
export type MemberPurpose = 'liker' | 'to-ban' | 'to-make-vip';

export interface Member {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  purpose: MemberPurpose;
}

export interface AckedLike {
  fromId: string;
  toId: string;
  type: LikeType;
  matchId: string | null;
}

export interface PostVersion {
  title: string;
  /** As the server answered it (after sanitising). */
  content: string;
  published: boolean;
}

export interface AckedPost {
  id: string;
  /** The last acknowledged version. */
  acked: PostVersion;
  /** Titles of updates sent after it whose answer never came: any one of them may have been saved. */
  unansweredTitles: string[];
}

export interface AckedWithdrawalDecision {
  id: string;
  status: 'approved' | 'rejected';
  txnId: string | null;
  reason: string | null;
}

/**
 * Everything the server acknowledged (a 2xx answer reached the client), across
 * every kill. Writes whose answer never came (the server died first) are kept
 * apart: they may or may not have happened, but must never be half done.
 */
export class Ledger {
  readonly members = new Map<string, Member>();
  readonly likes = new Map<string, AckedLike>();
  readonly posts = new Map<string, AckedPost>();
  readonly bans = new Map<string, string>();
  /** Member id -> vipUntil as the server answered it. */
  readonly vipGrants = new Map<string, string | null>();
  readonly withdrawalDecisions = new Map<string, AckedWithdrawalDecision>();

  /** Usernames whose registration had no answer. */
  readonly unansweredRegistrations = new Set<string>();
  /** Like pairs (from|to) whose decision had no answer: never reused, never checked. */
  readonly unansweredLikes = new Set<string>();
  readonly unansweredBans = new Set<string>();
  readonly unansweredVipGrants = new Set<string>();
  readonly unansweredWithdrawals = new Set<string>();

  /** Answers that were neither 2xx nor a dead connection: a bug or a limit that bit. */
  readonly unexpectedAnswers: string[] = [];

  static pairKey(fromId: string, toId: string): string {
    return `${fromId}|${toId}`;
  }

  /** Every write this ledger vouches for, for the report. */
  ackedCount(): number {
    return this.members.size + this.likes.size + this.posts.size + this.bans.size + this.vipGrants.size + this.withdrawalDecisions.size;
  }

  pairDecided(fromId: string, toId: string): boolean {
    const key = Ledger.pairKey(fromId, toId);
    return this.likes.has(key) || this.unansweredLikes.has(key);
  }
}
