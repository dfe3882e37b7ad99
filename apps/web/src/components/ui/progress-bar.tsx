/**
 * A bar filled `percent` of its width (`now` of 100 unless told), named by `label` for screen
 * readers with its value (`now` between 0 and `max`, read as `valueText` when given).
 */
export function ProgressBar({
  label,
  now,
  max = 100,
  percent = now,
  valueText,
  className,
  barClassName,
}: {
  label: string;
  now: number;
  max?: number;
  percent?: number;
  valueText?: string;
  className: string;
  barClassName: string;
}) {
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={now} aria-valuetext={valueText} className={className}>
      <div className={barClassName} style={{ width: `${percent}%` }} />
    </div>
  );
}
