import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The files buyers sent on WhatsApp, under DATA_DIR/whatsapp-media, each by a random name that
 * a message's `media` refers to; readable by the server's user only. A file no message refers to
 * any more (its buyer erased) is deleted by `sweep`.
 */
export function createMediaShelf(dataDir: string) {
  const dir = path.join(dataDir, 'whatsapp-media');
  const pathOf = (name: string) => path.join(dir, path.basename(name));
  /** Written, but not yet referred to by its message: a sweep leaves them. */
  const settling = new Set<string>();

  return {
    /** Writes the file; answers its name. Call `settled` once its message refers to it (or not). */
    async put(bytes: Buffer): Promise<string> {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const name = randomUUID();
      settling.add(name);
      await writeFile(pathOf(name), bytes, { mode: 0o600, flag: 'wx' });
      return name;
    },
    settled: (name: string) => void settling.delete(name),
    read: (name: string): Promise<Buffer> => readFile(pathOf(name)),
    remove: (name: string): Promise<void> => rm(pathOf(name), { force: true }),
    /** Deletes every file not in `kept`; answers how many went. */
    async sweep(kept: ReadonlySet<string>): Promise<number> {
      const names = await readdir(dir).catch(() => [] as string[]);
      const gone = names.filter((name) => !kept.has(name) && !settling.has(name));
      await Promise.all(gone.map((name) => rm(pathOf(name), { force: true })));
      return gone.length;
    },
  };
}

export type MediaShelf = ReturnType<typeof createMediaShelf>;
