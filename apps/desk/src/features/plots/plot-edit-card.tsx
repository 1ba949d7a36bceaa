import { Form } from 'react-router';
import { buttonClass, ui } from '../../components/ui.ts';
import { FACING_LABELS } from '../../lib/labels.ts';
import { FACINGS, type Plot } from '../../lib/types.ts';
import { LabelledOptions } from './labelled-options.tsx';
import { FormResult, useBusy, useResult } from './plot-action-state.tsx';

export function EditCard({ plot }: { plot: Plot }) {
  const busy = useBusy('edit');
  const result = useResult('edit');
  return (
    <details className={ui.card}>
      <summary>Correct this plot</summary>
      <Form method="post" preventScrollReset key={plot.updatedAt}>
        <input type="hidden" name="intent" value="edit" />
        <div className={ui.field}>
          <label htmlFor="edit-phase">Phase</label>
          <input id="edit-phase" name="phase" defaultValue={plot.phase} required />
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-size">Size (sq. yds)</label>
          <input
            id="edit-size"
            name="sizeSqYd"
            inputMode="decimal"
            defaultValue={String(plot.sizeSqYd)}
            required
          />
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-facing">Facing</label>
          <select id="edit-facing" name="facing" defaultValue={plot.facing}>
            <LabelledOptions values={FACINGS} labels={FACING_LABELS} />
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-corner">Corner</label>
          <select id="edit-corner" name="corner" defaultValue={plot.corner ? '1' : '0'}>
            <option value="1">Yes</option>
            <option value="0">No</option>
          </select>
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-price">Price (₹, whole plot)</label>
          <input
            id="edit-price"
            name="price"
            inputMode="numeric"
            defaultValue={plot.price === null ? '' : String(plot.price)}
            aria-describedby="edit-price-hint"
          />
          <p id="edit-price-hint" className={ui.hint}>
            Set a price or a rate per sq. yd; with both, the price counts.
          </p>
        </div>
        <div className={ui.field}>
          <label htmlFor="edit-rate">Rate per sq. yd (₹)</label>
          <input
            id="edit-rate"
            name="ratePerSqYd"
            inputMode="numeric"
            defaultValue={plot.ratePerSqYd === null ? '' : String(plot.ratePerSqYd)}
          />
        </div>
        <button type="submit" className={buttonClass()} disabled={busy}>
          {busy ? 'Saving…' : 'Save plot'}
        </button>
        <FormResult result={result} />
      </Form>
    </details>
  );
}
