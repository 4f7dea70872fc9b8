/**
 * Session description checks and rewrites for the werift forwarder, kept
 * apart from the connection handling: what must be in a browser's offer or
 * answer before werift is handed it, and the announced address.
 */

/**
 * Why `sdp` is not a session description the forwarder can use, or undefined
 * when it looks like one: werift is only handed text with a version line, at
 * least one audio or video section with a port, payload types and ICE
 * credentials, and a DTLS fingerprint (complete descriptions, since the
 * exchange is non-trickle, also carry candidates; that is not required here
 * because a peer may be reachable only through the other side's candidates).
 */
export function descriptionProblem(sdp: string): string | undefined {
  if (sdp.length > 64_000) return 'the session description is too long';
  const lines = sdp.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== 'v=0') return 'not a session description (it must begin with v=0)';
  const mediaLines = lines.filter((line) => line.startsWith('m='));
  const mediaLinePattern = /^m=(audio|video|application) \d+(\/\d+)? [A-Za-z/]+( [\w-]+)+$/;
  const broken = mediaLines.find((line) => !mediaLinePattern.test(line));
  if (broken) return `malformed media line: ${broken.slice(0, 80)}`;
  if (!mediaLines.some((line) => line.startsWith('m=audio') || line.startsWith('m=video'))) return 'no audio or video in the session description';
  if (!lines.some((line) => line.startsWith('a=ice-ufrag:')) || !lines.some((line) => line.startsWith('a=ice-pwd:'))) return 'the session description has no ICE credentials';
  if (!lines.some((line) => line.startsWith('a=fingerprint:'))) return 'the session description has no DTLS fingerprint';
  return undefined;
}

/**
 * Adds, for every host candidate, one on `announcedIp` with the same port
 * (lower priority): a forwarder behind a one-to-one NAT is reachable at its
 * public address on the ports it bound privately. The private candidates stay
 * for peers on the same network.
 */
export function withAnnouncedCandidates(sdp: string, announcedIp: string): string {
  const candidatePattern = /^a=candidate:(\S+) (\d+) (udp|tcp) (\d+) (\S+) (\d+) typ host(.*)$/i;
  const eol = sdp.includes('\r\n') ? '\r\n' : '\n';
  const out: string[] = [];
  for (const line of sdp.split(/\r?\n/)) {
    out.push(line);
    const match = candidatePattern.exec(line);
    if (!match) continue;
    const [, foundation, component, protocol, priority, address, port, rest] = match;
    if (address === announcedIp) continue;
    out.push(`a=candidate:${foundation}n ${component} ${protocol} ${Math.max(Number(priority) - 1, 0)} ${announcedIp} ${port} typ host${rest}`);
  }
  return out.join(eol);
}
