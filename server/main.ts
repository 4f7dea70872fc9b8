import { performance } from 'node:perf_hooks';
import { buildApp } from './app';
import { ConfigError, loadConfig, loggerOptions, type AppConfig } from './environment';
import { openDatabase } from './db/client';
import { DataDirectoryInUseError } from './db/data-directory-lock';
import { countDemoData, disableDemoData, enableDemoData } from './db/seed/demo-data';
import { ensureAdminAccount, seedDatabase } from './db/seed/index';
import { warnIfDemoIsExposed } from './lib/exposure-warning';
import { describeErrorForLog } from './lib/log-error';

const startedAt = performance.now();

/** Printed to stdout once, never through the logger, so it stays out of log files and aggregators. */
function printGeneratedAdminPassword(username: string, password: string): void {
  const lines = [
    'Orbit created the admin account.',
    `  username: ${username}`,
    `  password: ${password}`,
    'This password is shown only now. Store it safely, or set ADMIN_PASSWORD',
    'before the first start to choose your own.',
  ];
  const width = Math.max(...lines.map((line) => line.length)) + 4;
  const rule = '='.repeat(width);
  process.stdout.write(`\n${rule}\n${lines.map((line) => `  ${line}`).join('\n')}\n${rule}\n\n`);
}

function readConfigOrExit(): AppConfig {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

/** The start line for demo data a development start left in a production database. */
function demoSwitchedOffLine(count: number): string {
  return (
    `Production: the demo account and demo people of an earlier development start (${count} accounts) are switched off: ` +
    'they cannot sign in, do not appear and do not reply. Remove them for good with: npm run demo:remove'
  );
}

async function main(): Promise<void> {
  const config = readConfigOrExit();
  let demoSwitchedOff = 0;
  const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  try {
    await seedDatabase(database.db, { demo: config.nodeEnv !== 'production' });
    if (config.nodeEnv === 'production') {
      await disableDemoData(database.db);
      demoSwitchedOff = await countDemoData(database.db);
    } else {
      await enableDemoData(database.db);
    }
    const admin = await ensureAdminAccount(database.db, { username: config.adminUsername, password: config.adminPassword });
    if (admin.generatedPassword) printGeneratedAdminPassword(config.adminUsername, admin.generatedPassword);
  } catch (error) {
    await database.close();
    throw error;
  }

  const app = await buildApp({ config, database, logger: loggerOptions(config) });
  let shuttingDown = false;
  const shutDown = (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      app.log.warn({ signal }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    shuttingDown = true;
    app.log.info({ signal }, 'shutting down');
    // close() stops accepting connections, lets in-flight requests finish,
    // then runs onClose hooks (the database closes there).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', shutDown);
  process.on('SIGINT', shutDown);

  await app.listen({ port: config.port, host: config.host });
  const elapsedMs = Math.round(performance.now() - startedAt);
  app.log.info(`Orbit ready on http://localhost:${config.port} (${database.driver}) in ${elapsedMs} ms`);
  if (demoSwitchedOff > 0) app.log.warn(demoSwitchedOffLine(demoSwitchedOff));
  // After the ready line, so it is the last thing an operator sees.
  warnIfDemoIsExposed(app.log, config);
}

/** Why the start failed. What the operator can fix is said in a sentence: a stack would only bury it. */
function startFailureText(error: unknown): string {
  if (error instanceof DataDirectoryInUseError) return error.message;
  const { code, address, port } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; address?: unknown; port?: unknown };
  if (code === 'EADDRINUSE') return `Port ${String(port)} on ${String(address)} is already in use (another Orbit server?). Stop it first, or set PORT to another port.`;
  return describeErrorForLog(error);
}

main().catch((error: unknown) => {
  process.stderr.write(`Orbit failed to start: ${startFailureText(error)}\n`);
  process.exit(1);
});
