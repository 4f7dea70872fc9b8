import type { JanusHandle } from './janus-session';

/**
 * Orbit's descriptions are complete (non-trickle). Janus in its default
 * half-trickle mode writes its candidates into the SDP it sends; configured
 * for full trickle it sends them afterwards as `trickle` events. This
 * collects those events for one handle and, when Janus's description came
 * without candidates, writes them into it before it leaves the forwarder.
 */

interface TrickledCandidate {
  candidate: string;
  sdpMLineIndex?: number;
}

export interface CandidateCollector {
  /** Janus's description, with its trickled candidates written in when it had none (waits for gathering to complete, up to the limit). */
  complete(sdp: string): Promise<string>;
  stop(): void;
}

const GATHERING_LIMIT_MS = 5_000;

export function hasCandidates(sdp: string): boolean {
  return /^a=candidate:/m.test(sdp);
}

/** The SDP with each candidate appended to its m-section (the first when it names none), and end-of-candidates. */
export function withCandidates(sdp: string, candidates: readonly TrickledCandidate[]): string {
  const lines = sdp.split(/\r?\n/).filter((line) => line.length > 0);
  const sections: string[][] = [[]];
  for (const line of lines) {
    if (line.startsWith('m=')) sections.push([]);
    sections[sections.length - 1]?.push(line);
  }
  const media = sections.slice(1);
  for (const { candidate, sdpMLineIndex } of candidates) {
    const section = media[sdpMLineIndex ?? 0] ?? media[0];
    section?.push(candidate.startsWith('a=') ? candidate : `a=${candidate}`);
  }
  for (const section of media) {
    if (!section.includes('a=end-of-candidates')) section.push('a=end-of-candidates');
  }
  return `${sections.flat().join('\r\n')}\r\n`;
}

/** Starts listening to a handle's trickled candidates; call before the request whose answer carries Janus's description. */
export function collectCandidates(handle: Pick<JanusHandle, 'onEvent'>, limitMs = GATHERING_LIMIT_MS): CandidateCollector {
  const candidates: TrickledCandidate[] = [];
  let completed = false;
  let onCompleted: (() => void) | null = null;
  const stopListening = handle.onEvent((event) => {
    if (event.kind !== 'trickle') return;
    if (event.candidate === null) {
      completed = true;
      onCompleted?.();
      return;
    }
    candidates.push(event.sdpMLineIndex !== undefined ? { candidate: event.candidate, sdpMLineIndex: event.sdpMLineIndex } : { candidate: event.candidate });
  });
  return {
    async complete(sdp: string): Promise<string> {
      try {
        if (hasCandidates(sdp)) return sdp;
        if (!completed) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, limitMs);
            onCompleted = () => {
              clearTimeout(timer);
              resolve();
            };
          });
        }
        return withCandidates(sdp, candidates);
      } finally {
        stopListening();
      }
    },
    stop: stopListening,
  };
}
