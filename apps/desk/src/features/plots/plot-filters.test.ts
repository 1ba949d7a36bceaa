import { describe, expect, it } from 'vitest';
import { isPlotFiltered, parsePlotFilters, plotFiltersQuery } from './plot-filters.ts';

const filters = (query: string) => parsePlotFilters(new URLSearchParams(query));

describe('parsePlotFilters', () => {
  it('when the address holds unknown statuses, facings, corners or sizes, then those filters are off', () => {
    expect(filters('status=sold&facing=up&corner=yes&minSize=big&maxSize=-3&mine=true')).toEqual({
      phase: '',
      minSize: '',
      maxSize: '',
      facing: '',
      corner: '',
      status: '',
      mine: false,
    });
  });

  it('when the address holds every filter, then each is read as the API takes it', () => {
    expect(
      filters(
        'phase=+Phase+2+&minSize=200&maxSize=300.5&facing=north_east&corner=0&status=booking_requested&mine=1&for=12',
      ),
    ).toEqual({
      phase: 'Phase 2',
      minSize: '200',
      maxSize: '300.5',
      facing: 'north_east',
      corner: '0',
      status: 'booking_requested',
      mine: true,
    });
  });
});

describe('plotFiltersQuery', () => {
  it('when some filters are set, then the query holds only those and the buyer being served is left out', () => {
    const query = plotFiltersQuery(filters('phase=Phase+1&corner=1&status=&for=12'));
    expect(query.toString()).toBe('phase=Phase+1&corner=1');
    expect(isPlotFiltered(filters('for=12'))).toBe(false);
  });
});
