import { CLAIM_CODE_TEMPLATE } from './templates.ts';
import type { WhatsappStore } from './whatsapp-store.ts';

export interface ClaimCode {
  buyerId: number;
  leadId: number;
  code: string;
  /** The desk account that asked for it. */
  userId: number;
  at: number;
}

/**
 * Sends a channel partner's check-in code to the client's WhatsApp, through the outbox like every
 * message of the conversation (its authentication template, `claim_code`). False when the client
 * opted out of WhatsApp: the desk then shows the code to the agent instead.
 */
export function createClaimCodeSender(store: WhatsappStore, wake: () => void) {
  return (send: ClaimCode): boolean => {
    if (store.optedOutAt(send.buyerId) !== undefined) return false;
    store.queueOutgoing({
      buyerId: send.buyerId,
      leadId: send.leadId,
      kind: 'template',
      template: CLAIM_CODE_TEMPLATE,
      text: send.code,
      sentBy: send.userId,
      at: send.at,
    });
    wake();
    return true;
  };
}

export type ClaimCodeSender = ReturnType<typeof createClaimCodeSender>;
