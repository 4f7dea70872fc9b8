import { describe, expect, it } from 'vitest';
import { concatBytes, splitMessages } from '../../../server/db/pglite-worker-protocol';

/** A typed message: type byte, Int32 length (itself included), body. */
function typed(type: string, body: number[]): Uint8Array {
  const bytes = new Uint8Array(5 + body.length);
  bytes[0] = type.charCodeAt(0);
  new DataView(bytes.buffer).setInt32(1, 4 + body.length);
  bytes.set(body, 5);
  return bytes;
}

/** A StartupMessage: Int32 length, Int32 protocol 3.0, parameters. */
function startup(parameters: number[]): Uint8Array {
  const bytes = new Uint8Array(8 + parameters.length);
  const view = new DataView(bytes.buffer);
  view.setInt32(0, bytes.length);
  view.setInt32(4, 196_608);
  bytes.set(parameters, 8);
  return bytes;
}

const none = new Uint8Array(0);

describe('splitMessages', () => {
  it('splits a chunk holding several whole messages', () => {
    const parse = typed('P', [1, 2, 3]);
    const sync = typed('S', []);
    const { messages, rest } = splitMessages(none, concatBytes([parse, sync]));
    expect(messages.map((message) => [...message])).toEqual([[...parse], [...sync]]);
    expect(rest.length).toBe(0);
  });

  it('keeps a partial message until the rest of it arrives', () => {
    const query = typed('Q', [...Buffer.from('select 1\0')]);
    const first = splitMessages(none, query.subarray(0, 3));
    expect(first.messages).toHaveLength(0);
    const second = splitMessages(first.rest, query.subarray(3, 9));
    expect(second.messages).toHaveLength(0);
    const third = splitMessages(second.rest, concatBytes([query.subarray(9), typed('S', [])]));
    expect(third.messages.map((message) => String.fromCharCode(message[0] ?? 0))).toEqual(['Q', 'S']);
    expect([...(third.messages[0] ?? none)]).toEqual([...query]);
  });

  it('reads an untyped StartupMessage only as a connection opens', () => {
    const hello = startup([...Buffer.from('user\0postgres\0\0')]);
    const opened = splitMessages(none, concatBytes([hello, typed('Q', [0])]), true);
    expect(opened.messages.map((message) => message.length)).toEqual([hello.length, 6]);
  });

  it('refuses a length too small to be a message', () => {
    const broken = new Uint8Array([0x51, 0, 0, 0, 2]);
    expect(() => splitMessages(none, broken)).toThrow(/malformed/);
  });
});

describe('concatBytes', () => {
  it('always gives a buffer of its own, never a view of Node’s shared pool', () => {
    const pooled = Buffer.from('Q'); // small Buffers are slices of one shared 8 KB pool
    expect(pooled.buffer.byteLength).toBeGreaterThan(pooled.length);
    const joined = concatBytes([pooled]);
    expect(joined.buffer).not.toBe(pooled.buffer);
    expect(joined.buffer.byteLength).toBe(1);
    expect([...joined]).toEqual([0x51]);
  });
});
