import { io } from 'socket.io-client';
import { REALTIME_PATH, commandAnswerSchema, type ClientCommands, type CommandAnswer } from '../../contract/realtime';

/**
 * A member's realtime connection opened by the test itself (not their
 * browser), to send a command the screen would never send, e.g. a chat
 * message from a viewer the host muted, and read the server's answer.
 */

export interface MemberSocket {
  command<Name extends keyof ClientCommands>(name: Name, payload: Parameters<ClientCommands[Name]>[0]): Promise<CommandAnswer>;
  close(): void;
}

const COMMAND_TIMEOUT_MS = 10_000;

export async function memberSocket(baseURL: string, token: string): Promise<MemberSocket> {
  // Untyped on purpose: the payload is typed by MemberSocket.command, and the answer is checked against the contract.
  const socket = io(baseURL, { path: REALTIME_PATH, auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(new Error(`realtime connection refused: ${error.message}`)));
  });
  return {
    command: async (name, payload) => commandAnswerSchema.parse(await socket.timeout(COMMAND_TIMEOUT_MS).emitWithAck(name, payload)),
    close: () => socket.close(),
  };
}
