import { useState, type FormEvent } from 'react';
import { ErrorText } from '../../components/status.tsx';
import { buttonClass, ui } from '../../components/ui.ts';
import { api, errorMessage } from '../../lib/api.ts';
import { formatDateTime } from '../../lib/format.ts';
import type {
  WhatsappConversation,
  WhatsappMessage,
  WhatsappMessageAnswer,
} from '../../lib/types.ts';
import styles from './whatsapp.module.css';

export const WINDOW_CLOSED =
  'More than 24 hours since the buyer last wrote: WhatsApp only allows an approved template.';

type Sent = (message: WhatsappMessage) => void;

/** One send at a time, its failure in words; `run` answers whether it went. */
function useSend(leadId: number, sent: Sent) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function send(path: string, body: unknown): Promise<boolean> {
    setBusy(true);
    setError('');
    try {
      const { message } = await api<WhatsappMessageAnswer>(`/leads/${leadId}/whatsapp/${path}`, {
        method: 'POST',
        body,
      });
      sent(message);
      return true;
    } catch (error) {
      setError(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, send };
}

const QUICK_REPLIES = [
  ['brochure', 'Send the brochure'],
  ['location', 'Send the site’s location'],
  ['slots', 'Send the next free visit slots'],
] as const;

/** Inside the 24-hour window: the quick replies and free text. */
function FreeText({ leadId, until, sent }: { leadId: number; until: string; sent: Sent }) {
  const { busy, error, send } = useSend(leadId, sent);
  const [text, setText] = useState('');
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await send('replies', { text })) setText('');
  }
  return (
    <>
      <div className={styles.quick}>
        {QUICK_REPLIES.map(([reply, label]) => (
          <button
            key={reply}
            type="button"
            className={buttonClass('secondary')}
            disabled={busy}
            onClick={() => void send('quick-replies', { reply })}
          >
            {label}
          </button>
        ))}
      </div>
      <form onSubmit={(event) => void submit(event)}>
        <div className={ui.field}>
          <label htmlFor="whatsapp-reply">Reply on WhatsApp</label>
          <textarea
            id="whatsapp-reply"
            value={text}
            onChange={(event) => setText(event.target.value)}
            required
            aria-describedby="whatsapp-window"
          />
          <p id="whatsapp-window" className={ui.hint}>
            Free text may go until {formatDateTime(until)}, 24 hours after the buyer last wrote.
          </p>
        </div>
        <button type="submit" className={buttonClass('whatsapp')} disabled={busy}>
          {busy ? 'Sending…' : 'Send'}
        </button>
        <ErrorText>{error}</ErrorText>
      </form>
    </>
  );
}

/** Outside the window: only the approved templates, and why. */
function Templates({ leadId, sent }: { leadId: number; sent: Sent }) {
  const { busy, error, send } = useSend(leadId, sent);
  const [detail, setDetail] = useState('');
  async function confirmVisit(event: FormEvent) {
    event.preventDefault();
    if (await send('templates', { template: 'visit_confirmation', detail })) setDetail('');
  }
  return (
    <>
      <p className={ui.notice}>{WINDOW_CLOSED}</p>
      <form onSubmit={(event) => void confirmVisit(event)}>
        <div className={ui.field}>
          <label htmlFor="whatsapp-visit-time">Visit time, as the buyer should read it</label>
          <input
            id="whatsapp-visit-time"
            value={detail}
            onChange={(event) => setDetail(event.target.value)}
            maxLength={200}
            required
            placeholder="Saturday 30 Nov, 11 am"
          />
        </div>
        <div className={ui.actions}>
          <button type="submit" className={buttonClass('whatsapp')} disabled={busy}>
            Send the visit confirmation
          </button>
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={busy}
            onClick={() => void send('templates', { template: 'follow_up' })}
          >
            Send the follow-up
          </button>
        </div>
      </form>
      <ErrorText>{error}</ErrorText>
    </>
  );
}

/** What the desk may send now: free text inside the window, templates outside it. */
export function Composer(props: {
  leadId: number;
  window: WhatsappConversation['window'];
  sent: Sent;
}) {
  const { leadId, window, sent } = props;
  return window.open && window.until ? (
    <FreeText leadId={leadId} until={window.until} sent={sent} />
  ) : (
    <Templates leadId={leadId} sent={sent} />
  );
}
