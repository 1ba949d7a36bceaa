import { useState } from 'react';
import { Link } from 'react-router';
import { VISIT_STAGES } from '@iconia/shared';
import { buttonClass, ui } from '../../components/ui.ts';
import { STAGE_LABELS } from '../../lib/labels.ts';
import { STAGES, type LeadDetail, type Plot, type Stage } from '../../lib/types.ts';
import { FormResult, useLeadForm } from './lead-form.tsx';

/**
 * Stages that follow a record, never set by hand: the site visit stages come from the visits,
 * Booked from an approved booking.
 */
const RECORDED_STAGES: ReadonlySet<Stage> = new Set<Stage>([...VISIT_STAGES, 'booked']);

export function StageCard({ lead, plots }: { lead: LeadDetail; plots: readonly Plot[] }) {
  const booked = plots.find((plot) => plot.booking?.status === 'approved');
  return booked ? <BookedStage plot={booked} /> : <StageForm lead={lead} />;
}

/** The API refuses any stage change while a plot stays booked for the buyer: nothing to choose. */
function BookedStage({ plot }: { plot: Plot }) {
  return (
    <section className={ui.card} aria-labelledby="stage-heading">
      <h2 id="stage-heading">Pipeline stage</h2>
      <p>
        Stage: <strong>{STAGE_LABELS.booked}</strong>
      </p>
      <p className={ui.muted}>
        <Link to={`/plots/${plot.id}`}>Plot {plot.number}</Link> is booked for this buyer; the stage
        changes only after a manager cancels the booking on the plot’s page.
      </p>
    </section>
  );
}

function StageForm({ lead }: { lead: LeadDetail }) {
  const { fetcher, busy, result } = useLeadForm('stage');
  const [stage, setStage] = useState<Stage>(lead.stage);
  // A stage saved here or set elsewhere (a booked visit) becomes the selection. Not by remounting
  // the card with a key: the stage form's fetcher would unmount with it, and React Router drops
  // an unmounted fetcher's answer, taking "Stage saved." away as soon as the page reloads.
  const [shownStage, setShownStage] = useState<Stage>(lead.stage);
  if (lead.stage !== shownStage) {
    setShownStage(lead.stage);
    setStage(lead.stage);
  }
  return (
    <section className={ui.card} aria-labelledby="stage-heading">
      <h2 id="stage-heading">Pipeline stage</h2>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="stage" />
        <div className={ui.field}>
          <label htmlFor="stage">Stage</label>
          <select
            id="stage"
            name="stage"
            aria-describedby="stage-hint"
            value={stage}
            onChange={(event) => setStage(event.target.value as Stage)}
          >
            {STAGES.filter((value) => value === lead.stage || !RECORDED_STAGES.has(value)).map(
              (value) => (
                <option key={value} value={value}>
                  {STAGE_LABELS[value]}
                </option>
              ),
            )}
          </select>
          <p id="stage-hint" className={ui.hint}>
            The site visit stages follow the visits booked on this page; Booked follows an approved
            plot booking.
          </p>
        </div>
        {stage === 'lost' ? (
          <div className={ui.field}>
            <label htmlFor="lostReason">Why was it lost?</label>
            <textarea
              id="lostReason"
              name="lostReason"
              required
              defaultValue={lead.lostReason ?? ''}
            />
          </div>
        ) : null}
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Saving…' : 'Save stage'}
        </button>
        <FormResult result={result} />
      </fetcher.Form>
    </section>
  );
}
