interface LabelledOptionsProps<T extends string> {
  values: readonly T[];
  labels: Record<T, string>;
}

/** A select's options for a fixed list of values, each shown by its label. */
export function LabelledOptions<T extends string>({ values, labels }: LabelledOptionsProps<T>) {
  return values.map((value) => (
    <option key={value} value={value}>
      {labels[value]}
    </option>
  ));
}
