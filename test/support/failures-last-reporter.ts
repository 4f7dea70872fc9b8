import type { Reporter, SerializedError, TestModule } from 'vitest/node';

// CI keeps only the tail of a run's output, and the default reporter's last
// lines are the end of a failure's stack: this repeats, after everything
// else, which tests failed and the first line of why.
export default class FailuresLastReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): void {
    const lines: string[] = [];
    for (const testModule of testModules) {
      const file = testModule.relativeModuleId;
      for (const error of testModule.errors()) lines.push(`${file}: ${firstLine(error.message)}`);
      for (const test of testModule.children.allTests('failed')) {
        const why = test.result().errors?.[0]?.message ?? 'no error message';
        lines.push(`${file} > ${test.fullName}\n    ${firstLine(why)}`);
      }
    }
    for (const error of unhandledErrors) lines.push(`unhandled: ${firstLine(error.message)}`);
    if (lines.length > 0) process.stdout.write(`\nFailed (${lines.length}):\n${lines.map((line) => `  ${line}`).join('\n')}\n`);
  }
}

function firstLine(message: string): string {
  return message.split('\n', 1)[0] ?? '';
}
