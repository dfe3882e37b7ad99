import { PHOTO_CATEGORIES, PHOTO_TYPES } from '@ridgeline/shared/domain/field-capture';
import type { ReactNode } from 'react';
import { FormField } from '../../components/ui/form';

/**
 * The tags a photo carries, as form fields named category, subcategory and photoType: the capture
 * screen's "Photo details" (tags of the next photos) and the gallery's retag form both use them.
 * `children` stands between the subcategory and the photo type (the structure, or the phase).
 */
export function PhotoTagFields({ subcategories, children }: { subcategories: readonly { value: string; label: string }[]; children?: ReactNode }) {
  return (
    <>
      <FormField name="category" label="Category" control="select">
        {PHOTO_CATEGORIES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </FormField>
      <FormField name="subcategory" label="Subcategory" control="select">
        <option value="">None</option>
        {subcategories.map((s) => (
          <option key={s.value} value={s.value}>
            {s.label}
          </option>
        ))}
      </FormField>
      {children}
      <FormField name="photoType" label="Photo type" control="select">
        <option value="">Not set</option>
        {PHOTO_TYPES.map((t) => (
          <option key={t.value} value={t.value}>
            {t.label}
          </option>
        ))}
      </FormField>
    </>
  );
}
