import type { AdminStream, LiveStream } from '../../../../../contract/live';

/** A live stream as GET /api/live/streams answers it. */
export function liveStream(overrides: Partial<LiveStream> = {}): LiveStream {
  return {
    id: '0b7c6f1e-2a43-4d8e-9a51-6f2d3c4b5a61',
    host: { id: '11111111-1111-4111-8111-111111111111', name: 'Maya R', avatar: '/api/media/avatar/maya' },
    title: 'Sunset chat from the rooftop',
    startedAt: '2026-11-27T09:00:00.000Z',
    state: 'live',
    viewers: 3,
    peakViewers: 5,
    endedAt: null,
    endReason: null,
    ...overrides,
  };
}

/** `count` live streams with their own ids, hosts and titles. */
export function liveStreams(count: number): LiveStream[] {
  return Array.from({ length: count }, (_, index) =>
    liveStream({
      id: `0b7c6f1e-2a43-4d8e-9a51-6f2d3c4b5a${String(index).padStart(2, '0')}`,
      host: { id: `11111111-1111-4111-8111-1111111111${String(index).padStart(2, '0')}`, name: `Host ${index + 1}`, avatar: '' },
      title: `Stream number ${index + 1}`,
      viewers: index,
    }),
  );
}

/** A stream as GET /api/admin/streams answers it. */
export function adminStream(overrides: Partial<AdminStream> = {}): AdminStream {
  return { ...liveStream(), totalViewers: 12, ...overrides };
}
