import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useNavigate } from 'react-router';
import { API_BASE, redirectTarget, SIGN_IN_PATH } from './api.ts';
import { signedInUser } from './session.ts';

export type LiveState = 'connecting' | 'live' | 'reconnecting' | 'replaced';

/** `open`: the stream (re)connected, and what came before may have been missed. */
export type LiveEventType = 'open' | 'lead' | 'lead-changed' | 'whatsapp';

type Handler = (data: string) => void;

interface LiveEvents {
  state: LiveState;
  subscribe: (type: LiveEventType, handler: Handler) => () => void;
}

const LiveEventsContext = createContext<LiveEvents | null>(null);

const RECONNECT_MS = 5_000;

/**
 * The desk's one live stream per tab (the server keeps a few per person): the pages under it
 * listen to the events they need. It reconnects by itself, and goes to Sign in when the session
 * ended elsewhere.
 */
export function LiveEventsProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [state, setState] = useState<LiveState>('connecting');
  const handlers = useRef(new Map<LiveEventType, Set<Handler>>());

  const subscribe = useCallback((type: LiveEventType, handler: Handler) => {
    const set = handlers.current.get(type) ?? new Set<Handler>();
    handlers.current.set(type, set);
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }, []);

  useEffect(() => {
    let source: EventSource | null = null;
    let retry: number | undefined;
    const dispatch = (type: LiveEventType, data: string) => {
      for (const handler of handlers.current.get(type) ?? []) handler(data);
    };
    const failed = (error: unknown) => {
      const target = redirectTarget(error);
      if (target) void navigate(target, { replace: true });
    };

    const connect = () => {
      source = new EventSource(`${API_BASE}/events`);
      source.addEventListener('open', () => {
        setState('live');
        dispatch('open', '');
      });
      const forward = (type: LiveEventType) => (event: MessageEvent<string>) => {
        dispatch(type, event.data);
      };
      source.addEventListener('lead', forward('lead'));
      source.addEventListener('lead-changed', forward('lead-changed'));
      source.addEventListener('whatsapp', forward('whatsapp'));
      // The session ended elsewhere (sign-out everywhere, a disabled account, expiry).
      source.addEventListener('signed-out', () => {
        source?.close();
        void navigate(SIGN_IN_PATH, { replace: true });
      });
      // The same person opened more desk tabs than the server keeps live; this, the oldest,
      // stops listening rather than take a stream back from a newer tab.
      source.addEventListener('replaced', () => {
        source?.close();
        setState('replaced');
      });
      source.addEventListener('error', () => {
        setState('reconnecting');
        // The browser retries by itself after a dropped connection; a refused one (a 401
        // after signing out elsewhere, a restart) closes for good, so check why and retry.
        if (source?.readyState !== EventSource.CLOSED) return;
        signedInUser().then(() => {
          retry = window.setTimeout(connect, RECONNECT_MS);
        }, failed);
      });
    };
    connect();
    return () => {
      window.clearTimeout(retry);
      source?.close();
    };
  }, [navigate]);

  const value = useMemo(() => ({ state, subscribe }), [state, subscribe]);
  return <LiveEventsContext value={value}>{children}</LiveEventsContext>;
}

function useLiveEvents(): LiveEvents {
  const live = use(LiveEventsContext);
  if (!live) throw new Error('useLiveEvents needs a LiveEventsProvider above it');
  return live;
}

/** Whether the desk hears of changes as they happen. */
export const useLiveState = (): LiveState => useLiveEvents().state;

/** Calls `handler` with each event of `type` (its JSON data) while the component is shown. */
export function useLiveEvent(type: LiveEventType, handler: Handler): void {
  const { subscribe } = useLiveEvents();
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  }, [handler]);
  useEffect(() => subscribe(type, (data) => latest.current(data)), [subscribe, type]);
}
