import { describe, expect, it } from 'vitest';
import { descriptionProblem, withAnnouncedCandidates } from '../../server/live/media/werift-sdp';

const offer = [
  'v=0',
  'o=- 1 1 IN IP4 0.0.0.0',
  's=-',
  't=0 0',
  'a=fingerprint:sha-256 AA:BB',
  'm=video 9 UDP/TLS/RTP/SAVPF 96',
  'a=ice-ufrag:abcd',
  'a=ice-pwd:secretsecretsecret',
  'a=rtpmap:96 VP8/90000',
  'a=candidate:f1 1 udp 2116026367 10.0.0.5 50000 typ host generation 0',
  'a=candidate:f2 1 udp 1686052607 203.0.113.9 50000 typ srflx raddr 10.0.0.5 rport 50000',
  '',
].join('\r\n');

describe('werift forwarder: session description checks', () => {
  it('takes a description with media, ICE credentials and a fingerprint', () => {
    expect(descriptionProblem(offer)).toBeUndefined();
  });

  it.each([
    ['', /v=0/],
    ['hello', /v=0/],
    [offer.replace('m=video 9 UDP/TLS/RTP/SAVPF 96', 'm=video banana'), /malformed media line/],
    [offer.replace('m=video', 'm=application'), /no audio or video/],
    [offer.replace(/a=ice-pwd:.*\r\n/, ''), /ICE credentials/],
    [offer.replace(/a=fingerprint:.*\r\n/, ''), /fingerprint/],
    [`${offer}a=x:${'y'.repeat(70_000)}\r\n`, /too long/],
  ])('refuses %#', (sdp, problem) => {
    expect(descriptionProblem(sdp)).toMatch(problem);
  });
});

describe('werift forwarder: announced address', () => {
  it('adds a host candidate on the announced address for each host candidate, keeping the local ones', () => {
    const announced = withAnnouncedCandidates(offer, '198.51.100.7');
    const candidates = announced.split('\r\n').filter((line) => line.startsWith('a=candidate:'));
    expect(candidates).toEqual([
      'a=candidate:f1 1 udp 2116026367 10.0.0.5 50000 typ host generation 0',
      'a=candidate:f1n 1 udp 2116026366 198.51.100.7 50000 typ host generation 0',
      'a=candidate:f2 1 udp 1686052607 203.0.113.9 50000 typ srflx raddr 10.0.0.5 rport 50000',
    ]);
    expect(announced.endsWith('\r\n')).toBe(true);
  });
});
