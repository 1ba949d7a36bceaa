import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The deploy checks replay the image build and start real processes: the longest files by far,
 * and mostly waiting on the network, the disk and child processes. Started first, they run beside
 * everything else instead of finishing alone at the end.
 */
class DeployFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isDeploy = (file: TestSpecification) => file.project.name === 'deploy';
    return [...sorted.filter(isDeploy), ...sorted.filter((file) => !isDeploy(file))];
  }
}

export default defineConfig({
  test: {
    // Vitest's default leaves a core idle (one worker on two cores), while most files wait on
    // SQLite, SMTP, child processes or the network. Every file keeps its own ports (the OS picks
    // them), temp folders and servers, so files run side by side.
    maxWorkers: 3,
    sequence: { sequencer: DeployFirstSequencer },
    projects: [
      'packages/*',
      'apps/*',
      'deploy',
      // The repo's own configuration, tested beside it (eslint.config.test.ts).
      { test: { name: 'repo', include: ['*.test.ts', 'scripts/*.test.ts'], environment: 'node' } },
    ],
  },
});
