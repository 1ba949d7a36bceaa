import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, errorMessage, redirectTarget } from '../../lib/api.ts';
import { useLiveEvent } from '../../lib/live-events.tsx';
import type { WhatsappConversation, WhatsappMessage } from '../../lib/types.ts';

/**
 * A buyer's WhatsApp conversation as the server last told it: read when the page opens, read
 * again whenever the live stream says this buyer's conversation changed (a message arrived, a
 * status moved) or the stream reconnected, and a message the desk just sent added at once.
 */
export function useConversation(leadId: number, buyerId: number) {
  const navigate = useNavigate();
  const [conversation, setConversation] = useState<WhatsappConversation | null>(null);
  const [loadError, setLoadError] = useState('');

  const load = useCallback(() => {
    api<WhatsappConversation>(`/leads/${leadId}/whatsapp`).then(
      (answer) => {
        setConversation(answer);
        setLoadError('');
      },
      (error: unknown) => {
        const target = redirectTarget(error);
        if (target) void navigate(target, { replace: true });
        else setLoadError(errorMessage(error));
      },
    );
  }, [leadId, navigate]);
  useEffect(load, [load]);
  useLiveEvent('open', load);
  useLiveEvent('whatsapp', (data) => {
    if ((JSON.parse(data) as { buyerId: number }).buyerId === buyerId) load();
  });

  /** A message the desk queued shows at once, before the stream tells of it. */
  const added = useCallback((message: WhatsappMessage) => {
    setConversation((current) =>
      current && !current.messages.some((each) => each.id === message.id)
        ? { ...current, messages: [...current.messages, message] }
        : current,
    );
  }, []);

  return { conversation, loadError, reload: load, added };
}
