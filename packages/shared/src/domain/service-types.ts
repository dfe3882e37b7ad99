/** The service types a project can order, with the names people read. */
export const SERVICE_TYPES = [
  { value: 'xact360', name: 'Xact360' },
  { value: 'copy_over_only', name: 'Copy-Over' },
  { value: 'supplement360', name: 'Supplement360' },
  { value: 'ugo_assisted', name: 'UGO Assisted' },
] as const;

export type ServiceType = (typeof SERVICE_TYPES)[number]['value'];

/** The display name of a service or plan type: the known names, else underscores become spaces and each word is capitalised. */
export function serviceTypeName(value: string): string {
  const known = SERVICE_TYPES.find((type) => type.value === value);
  if (known) return known.name;
  return value
    .split('_')
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
