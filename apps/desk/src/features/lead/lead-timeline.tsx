import record from '../../components/record.module.css';
import { ui } from '../../components/ui.ts';
import { formatDateTime } from '../../lib/format.ts';
import { enquirySourceLabel } from '../../lib/labels.ts';
import type { LeadDetail, TimelineEntry } from '../../lib/types.ts';

/** The buyer's timeline; on a buyer of several enquiries, each entry names the one it is about. */
export function LeadTimeline({
  timeline,
  enquiries,
}: {
  timeline: readonly TimelineEntry[];
  enquiries: readonly LeadDetail[];
}) {
  return (
    <section className={ui.card} aria-labelledby="timeline">
      <h2 id="timeline">Timeline</h2>
      <ol className={record.timeline}>
        {timeline.map((entry, index) => (
          <li key={index}>
            <p className={record.when}>
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
              {entry.actor ? ` · ${entry.actor.name}` : ''}
            </p>
            <p>{entry.text}</p>
            {enquiries.length > 1 ? (
              <p className={ui.muted}>{enquiryName(enquiries, entry.leadId)}</p>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** Names an enquiry on a timeline of several: its number and form. */
function enquiryName(enquiries: readonly LeadDetail[], leadId: number): string {
  const index = enquiries.findIndex((enquiry) => enquiry.id === leadId);
  const enquiry = enquiries[index];
  return enquiry ? `Enquiry ${index + 1} (${enquirySourceLabel(enquiry)})` : '';
}
