import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigation } from 'react-router';
import { api } from '../../lib/api.ts';
import { useLiveEvent } from '../../lib/live-events.tsx';
import type { WaitingAnswer } from '../../lib/types.ts';

/**
 * What waits for a manager (held leads, booking requests, buyers past their target), for the
 * links to show. Read again as the desk's live events tell of a new lead or a change (a hold, a
 * booking request or decision, a release), and after each page load or change made in the desk.
 * Undefined for an agent, and until the first answer.
 */
export function useWaitingCounts(isManager: boolean): WaitingAnswer | undefined {
  const [counts, setCounts] = useState<WaitingAnswer>();
  const navigation = useNavigation();
  const { pathname } = useLocation();

  // A burst of events makes one read at a time, and one more after it.
  const reading = useRef<'idle' | 'reading' | 'again'>('idle');
  const refresh = useCallback(() => {
    if (!isManager) return;
    if (reading.current !== 'idle') {
      reading.current = 'again';
      return;
    }
    const read = () => {
      reading.current = 'reading';
      // A failed read keeps the counts shown; the page's own loads report problems.
      api<WaitingAnswer>('/waiting', { redirectOn401: false })
        .then(setCounts, () => undefined)
        .finally(() => {
          if (reading.current === 'again') read();
          else reading.current = 'idle';
        });
    };
    read();
  }, [isManager]);

  const idle = navigation.state === 'idle';
  useEffect(() => {
    if (idle) refresh();
  }, [idle, pathname, refresh]);
  useLiveEvent('open', refresh);
  useLiveEvent('lead', refresh);
  useLiveEvent('lead-changed', refresh);

  return isManager ? counts : undefined;
}
