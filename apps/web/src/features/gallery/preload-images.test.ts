import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './preload-images.ts';

/** Idle callbacks, kept to be run by the test. */
function stubIdleCallbacks(): (() => void)[] {
  const idle: (() => void)[] = [];
  vi.stubGlobal('requestIdleCallback', (work: () => void) => idle.push(work));
  return idle;
}

function pretendLoading() {
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
}

describe('gallery preload scheduling', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('when the page is still loading, then the preload waits for the load event and then for idle time', () => {
    pretendLoading();
    const idle = stubIdleCallbacks();
    const work = vi.fn();

    whenIdle(work);
    expect(idle).toHaveLength(0);

    window.dispatchEvent(new Event('load'));
    expect(idle).toHaveLength(1);
    expect(work).not.toHaveBeenCalled();

    idle[0]?.();
    expect(work).toHaveBeenCalledOnce();
  });

  it('when the page has loaded already, then the preload only waits for idle time', () => {
    const idle = stubIdleCallbacks();
    const work = vi.fn();

    whenIdle(work);
    idle[0]?.();

    expect(work).toHaveBeenCalledOnce();
  });

  it('when the page leaves before loading, then nothing is preloaded', () => {
    pretendLoading();
    const idle = stubIdleCallbacks();
    const work = vi.fn();

    const cancel = whenIdle(work);
    cancel();
    window.dispatchEvent(new Event('load'));

    expect(idle).toHaveLength(0);
    expect(work).not.toHaveBeenCalled();
  });
});
