import type pg from 'pg';

/**
 * Makes PGlite fail the way a fault inside it does: the worker is sent a
 * message it cannot frame, and reports itself broken. Resolves once the
 * connection it used is gone.
 */
export async function breakEmbeddedDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  // The client reports the lost connection more than once; every report is expected here.
  const lost = new Promise<void>((resolve) => client.on('error', () => resolve()));
  // node-postgres keeps its socket on `connection.stream`; a message whose length field is 1 cannot be framed.
  const { stream } = (client as unknown as { connection: { stream: NodeJS.WritableStream } }).connection;
  stream.write(Buffer.from([0x51, 0, 0, 0, 1]));
  await lost;
  client.release(true);
}
