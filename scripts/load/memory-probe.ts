// Preloaded into the real server (node --expose-gc --import tsx --import
// ./scripts/load/memory-probe.ts server/main.ts) by the load test, so the
// server under load is exactly what `npm start` runs. On request over the IPC
// channel it collects garbage and reports its memory: what is left after a
// full GC is what the process really holds.

interface MemoryReport {
  kind: 'memory';
  usage: NodeJS.MemoryUsage;
}

process.on('message', (message) => {
  if (message !== 'memory') return;
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('memory-probe needs node --expose-gc');
  // Twice: the first pass can leave objects that only become unreachable once finalizers have run.
  collect();
  collect();
  const report: MemoryReport = { kind: 'memory', usage: process.memoryUsage() };
  process.send?.(report);
});
