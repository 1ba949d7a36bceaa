import type { ReactNode } from 'react';
import styles from './reports.module.css';

export interface FigureColumn<Row> {
  label: string;
  value: (row: Row) => ReactNode;
}

/**
 * A report's table: each row a name and its figures. On a phone each row stacks its figures
 * under their column names (`data-label`), so no column is cut off.
 */
export function FigureTable<Row>(props: {
  /** Named by a caption of its own (read by screen readers only), or by a heading's id. */
  name: { caption: string } | { labelledBy: string };
  /** The heading of the rows' names. */
  heading: string;
  rows: readonly Row[];
  rowName: (row: Row, index: number) => ReactNode;
  rowKey: (row: Row, index: number) => string | number;
  columns: readonly FigureColumn<Row>[];
}) {
  const { name, heading, rows, rowName, rowKey, columns } = props;
  return (
    <table
      className={styles.stack}
      aria-labelledby={'labelledBy' in name ? name.labelledBy : undefined}
    >
      {'caption' in name ? <caption className="visually-hidden">{name.caption}</caption> : null}
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          {columns.map((column) => (
            <th key={column.label} scope="col" className="number">
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row, index)}>
            <th scope="row">{rowName(row, index)}</th>
            {columns.map((column) => (
              <td key={column.label} className="number" data-label={column.label}>
                {column.value(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
