import { displayMobile, mobileOrProblem, telHref, whatsAppHref } from '@iconia/shared';
import { buttonClass } from '../../components/ui.ts';
import type { ContactChannel, LeadDetail } from '../../lib/types.ts';
import { FormResult, useLeadForm } from './lead-form.tsx';
import styles from './lead.module.css';

/**
 * One tap opens the phone's dialler or WhatsApp; the same tap records the contact attempt, which
 * times the first contact for the manager's report.
 */
export function ContactButtons({ lead, record }: { lead: LeadDetail; record: boolean }) {
  const { fetcher, result } = useLeadForm('contact');
  const recordContact = (channel: ContactChannel) => {
    if (record) void fetcher.submit({ intent: 'contact', channel }, { method: 'post' });
  };
  if (lead.mobile === '') {
    return (
      <p className={styles.noNumber} role="note">
        {mobileOrProblem(lead.mobile, lead.problems)}: no number to call or message.{' '}
        {lead.emailAddress ? (
          <>
            Write to <a href={`mailto:${lead.emailAddress}`}>{lead.emailAddress}</a>, or ask a
            manager to merge them with the buyer they turn out to be.
          </>
        ) : (
          'Ask a manager to merge them with the buyer they turn out to be.'
        )}
      </p>
    );
  }
  return (
    <>
      <div className={styles.contact}>
        <a
          className={buttonClass()}
          href={telHref(lead.mobile)}
          onClick={() => recordContact('call')}
        >
          Call <span className="visually-hidden">{displayMobile(lead.mobile)}</span>
        </a>
        <a
          className={buttonClass('whatsapp')}
          href={whatsAppHref(lead.mobile)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => recordContact('whatsapp')}
        >
          WhatsApp
        </a>
      </div>
      <FormResult result={result} />
    </>
  );
}
