import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor wait for the change itself; a second is too short a deadline on a busy
// machine.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});
