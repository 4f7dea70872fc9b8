/**
 * socket.io-client for jsdom tests (test/setup/web.ts mocks the package with
 * this): no network; a test plays the server through the sockets made here.
 */

type Handler = (...args: unknown[]) => void;
type Answer = (error: Error | null, answer?: unknown) => void;

export interface SentCommand {
  name: string;
  payload: unknown;
  answer: Answer;
}

export class FakeSocket {
  connected = false;
  active = true;
  readonly commands: SentCommand[] = [];
  private readonly handlers = new Map<string, Set<Handler>>();

  constructor(readonly options: unknown) {}

  on(event: string, handler: Handler): this {
    const set = this.handlers.get(event) ?? new Set<Handler>();
    set.add(handler);
    this.handlers.set(event, set);
    return this;
  }

  removeAllListeners(): this {
    this.handlers.clear();
    return this;
  }

  connect(): this {
    this.active = true;
    return this;
  }

  disconnect(): this {
    this.active = false;
    this.connected = false;
    return this;
  }

  timeout(_ms: number) {
    return {
      emit: (name: string, payload: unknown, answer: Answer) => {
        this.commands.push({ name, payload, answer });
        answer(null, { ok: true });
      },
    };
  }

  /** What the server would send (or what socket.io reports: connect, disconnect). */
  serverSends(event: string, ...args: unknown[]): void {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    for (const handler of this.handlers.get(event) ?? []) handler(...args);
  }
}

export const sockets: FakeSocket[] = [];

export function io(options: unknown): FakeSocket {
  const socket = new FakeSocket(options);
  sockets.push(socket);
  return socket;
}
