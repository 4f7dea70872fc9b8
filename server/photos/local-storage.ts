import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertPhotoKey, type PhotoStorage, type StoredPhotoFile } from './storage';

/**
 * Photo files under a directory (DATA_DIR/photos by default), one folder per
 * photo. The folder is made on the first upload, so a server that never
 * takes a photo leaves no trace.
 */
export class LocalPhotoStorage implements PhotoStorage {
  readonly kind = 'local';

  constructor(private readonly root: string) {}

  private fileFor(key: string): string {
    assertPhotoKey(key);
    return path.join(this.root, key);
  }

  /**
   * Written to a draft beside the file, flushed to disk, then renamed over
   * it: a rename is atomic, so a process killed mid-write leaves at worst a
   * draft (named `.draft-*`, never served), not half a photo under its name.
   */
  // The type is in the name (.webp); a file system keeps no Content-Type.
  async put(key: string, body: Buffer, _contentType: string): Promise<void> {
    const file = this.fileFor(key);
    await fs.mkdir(path.dirname(file), { recursive: true });
    const draft = path.join(path.dirname(file), `.draft-${randomUUID()}`);
    try {
      const handle = await fs.open(draft, 'wx', 0o644);
      try {
        await handle.writeFile(body);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(draft, file);
    } catch (error) {
      await fs.rm(draft, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredPhotoFile | null> {
    const file = this.fileFor(key);
    let handle: fs.FileHandle;
    try {
      // Opened before answering, so a missing file is a 404 rather than a stream that fails after the headers went out.
      handle = await fs.open(file, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const { size } = await handle.stat();
      return { body: handle.createReadStream(), size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async deleteMany(keys: readonly string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      const file = this.fileFor(key);
      await fs.rm(file, { force: true });
      folders.add(path.dirname(file));
    }
    // A photo's folder goes with its last file; one still holding files (another width, a draft being written) stays.
    for (const folder of folders) {
      await fs.rmdir(folder).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT' && error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
      });
    }
  }

  async close(): Promise<void> {}
}
