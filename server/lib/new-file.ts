import { randomUUID } from 'node:crypto';
import fs from 'node:fs';

/**
 * Creates `file` with all of `content` at once, or returns false when a file
 * is already there (which is left as it is). The content goes to a draft
 * first and is hard-linked into place: a link is atomic and fails when the
 * name exists, so no reader ever sees half a file and of two writers racing
 * exactly one wins.
 */
export function createFileWhole(file: string, content: string, mode = 0o600): boolean {
  const draft = `${file}.${randomUUID()}`;
  fs.writeFileSync(draft, content, { mode });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}
