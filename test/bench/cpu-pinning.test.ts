import { describe, expect, it } from 'vitest';
import { parseCpuList, splitCpus } from '../../bench/lib/cpu-pinning';
import { slicesInOrder } from '../../bench/parts/http-load';

describe('parseCpuList', () => {
  it('reads single CPUs and ranges as taskset prints them', () => {
    expect(parseCpuList('0,1')).toEqual([0, 1]);
    expect(parseCpuList(' 0-2,5\n')).toEqual([0, 1, 2, 5]);
    expect(parseCpuList('3')).toEqual([3]);
  });

  it('refuses what is not a list', () => {
    expect(() => parseCpuList('0,x')).toThrow('not a CPU list');
  });
});

describe('splitCpus', () => {
  it('gives the load generator the first allowed CPU and the servers the next', () => {
    expect(splitCpus([2, 5, 7])).toEqual({ loadGenerator: 2, servers: 5, all: '2,5,7' });
  });

  it('does not pin on a single CPU', () => {
    expect(splitCpus([0])).toBeNull();
  });
});

describe('slicesInOrder', () => {
  it('runs every other round backwards, so each server goes first as often as last', () => {
    const round = ['ceiling', 'pglite', 'postgres'];
    expect(slicesInOrder(round, 0)).toEqual(['ceiling', 'pglite', 'postgres']);
    expect(slicesInOrder(round, 1)).toEqual(['postgres', 'pglite', 'ceiling']);
    expect(slicesInOrder(round, 2)).toEqual(round);
    expect(round).toEqual(['ceiling', 'pglite', 'postgres']);
  });
});
