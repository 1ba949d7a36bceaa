import { Loading, ErrorText } from '../../components/status.tsx';
import { ui } from '../../components/ui.ts';
import { useUser } from '../../lib/session.ts';
import type { LeadDetail } from '../../lib/types.ts';
import { Composer } from './composer.tsx';
import { MessageList } from './message-list.tsx';
import { OptedOut } from './opt-out.tsx';
import { useConversation } from './use-conversation.ts';

/**
 * The buyer's WhatsApp on their page: the whole conversation, live, and what the desk may send.
 * Without WhatsApp set up on the server, the WhatsApp button at the top (click-to-chat on the
 * agent's phone) is the way to write.
 */
export function WhatsappCard({ lead }: { lead: LeadDetail }) {
  const user = useUser();
  const { conversation, loadError, reload, added } = useConversation(lead.id, lead.buyerId);
  const canWork = user.role === 'manager' || !lead.owner || lead.owner.id === user.id;

  function body() {
    if (!conversation) {
      return loadError ? <ErrorText>{loadError}</ErrorText> : <Loading what="the conversation" />;
    }
    if (!conversation.configured) {
      return (
        <p className={ui.muted}>
          WhatsApp Business is not set up on this server: the WhatsApp button above opens the chat
          on your phone.
        </p>
      );
    }
    return (
      <>
        <MessageList messages={conversation.messages} />
        {conversation.optedOutAt ? (
          <OptedOut
            leadId={lead.id}
            since={conversation.optedOutAt}
            manager={user.role === 'manager'}
            cleared={reload}
          />
        ) : canWork ? (
          <Composer leadId={lead.id} window={conversation.window} sent={added} />
        ) : (
          <p className={ui.muted}>Only {lead.owner?.name} or a manager can write to this buyer.</p>
        )}
      </>
    );
  }

  return (
    <section className={ui.card} aria-labelledby="whatsapp-heading">
      <h2 id="whatsapp-heading">WhatsApp</h2>
      {body()}
    </section>
  );
}
