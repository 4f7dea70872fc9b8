import { Writable } from 'node:stream';

/** A stream for the app's logger that keeps every line it is given, for a test to read. */
export function capturedLogs(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, stream };
}
