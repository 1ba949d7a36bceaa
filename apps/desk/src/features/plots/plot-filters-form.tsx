import { Form, Link } from 'react-router';
import panel from '../../components/filter-panel.module.css';
import { buttonClass, ui } from '../../components/ui.ts';
import { FACING_LABELS, PLOT_STATUS_LABELS } from '../../lib/labels.ts';
import { FACINGS, PLOT_STATUSES } from '../../lib/types.ts';
import { LabelledOptions } from './labelled-options.tsx';
import { FOR_BUYER_PARAM, isPlotFiltered, type PlotFilters } from './plot-filters.ts';

interface PlotFiltersFormProps {
  filters: PlotFilters;
  phases: readonly string[];
  /** Kept while choosing a plot for a buyer. */
  forLeadId: number | null;
}

/**
 * The filters as one GET form: they live in the address, so Back and reload keep them. Set
 * filters show open, except while choosing a plot for a buyer: then the plots come first, and
 * "Filters (on)" says that some apply.
 */
export function PlotFiltersForm({ filters, phases, forLeadId }: PlotFiltersFormProps) {
  const clear = forLeadId === null ? '/plots' : `/plots?${FOR_BUYER_PARAM}=${forLeadId}`;
  return (
    <Form method="get" role="search" aria-label="Plots">
      {forLeadId === null ? null : <input type="hidden" name={FOR_BUYER_PARAM} value={forLeadId} />}
      <details className={panel.panel} open={forLeadId === null && isPlotFiltered(filters)}>
        <summary>Filters{isPlotFiltered(filters) ? ' (on)' : ''}</summary>
        <div className={panel.grid}>
          <div className={ui.field}>
            <label htmlFor="plot-phase">Phase</label>
            <select id="plot-phase" name="phase" defaultValue={filters.phase}>
              <option value="">Any phase</option>
              {phases.map((phase) => (
                <option key={phase} value={phase}>
                  {phase}
                </option>
              ))}
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor="plot-status">Status</label>
            <select id="plot-status" name="status" defaultValue={filters.status}>
              <option value="">Any status</option>
              <LabelledOptions values={PLOT_STATUSES} labels={PLOT_STATUS_LABELS} />
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor="plot-facing">Facing</label>
            <select id="plot-facing" name="facing" defaultValue={filters.facing}>
              <option value="">Any facing</option>
              <LabelledOptions values={FACINGS} labels={FACING_LABELS} />
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor="plot-corner">Corner</label>
            <select id="plot-corner" name="corner" defaultValue={filters.corner}>
              <option value="">Corner or not</option>
              <option value="1">Corner plots only</option>
              <option value="0">Not on a corner</option>
            </select>
          </div>
          <div className={ui.field}>
            <label htmlFor="plot-min-size">Size from (sq. yds)</label>
            <input
              id="plot-min-size"
              name="minSize"
              inputMode="decimal"
              pattern="\d{1,6}(\.\d{1,2})?"
              defaultValue={filters.minSize}
            />
          </div>
          <div className={ui.field}>
            <label htmlFor="plot-max-size">Size to (sq. yds)</label>
            <input
              id="plot-max-size"
              name="maxSize"
              inputMode="decimal"
              pattern="\d{1,6}(\.\d{1,2})?"
              defaultValue={filters.maxSize}
            />
          </div>
          <div className={panel.check}>
            <input
              id="plot-mine"
              name="mine"
              type="checkbox"
              value="1"
              defaultChecked={filters.mine}
            />
            <label htmlFor="plot-mine">Only plots I hold</label>
          </div>
        </div>
        <div className={`${ui.actions} ${panel.grid}`}>
          <button type="submit" className={buttonClass()}>
            Apply filters
          </button>
          <Link to={clear} className={buttonClass('secondary')}>
            Clear all
          </Link>
        </div>
      </details>
    </Form>
  );
}
