import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface TempDir {
  dir: string;
  remove(): void;
}

/** A fresh folder under the OS temp dir; `keep` leaves it behind for a look after the run. */
export function createTempDir(prefix = 'iconia-test-', options: { keep?: boolean } = {}): TempDir {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return {
    dir,
    remove: () => {
      if (!options.keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}
