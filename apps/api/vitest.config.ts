import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests open real SQLite files and real SMTP servers. Deadlines for a test that hangs, never
    // figures: generous enough for a two-core machine whose cores are both busy.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Each file starts its own servers on its own SQLite files, ports and folders, and keeps no
    // state in module scope, so files of a worker share one module graph: the server's modules
    // load once per worker instead of once per file (vitest's summed import time: 398 s to 80 s).
    isolate: false,
  },
});
