import { PHOTO_CATEGORIES, PHOTO_TYPES } from '@ridgeline/shared/domain/field-capture';
import type { ReactNode } from 'react';
import { FormField } from '../../components/ui/form';
import { ChoiceOptions } from '../../components/choice-options';

/**
 * The tags a photo carries, as form fields named category, subcategory and photoType: the capture
 * screen's "Photo details" (tags of the next photos) and the gallery's retag form both use them.
 * `children` stands between the subcategory and the photo type (the structure, or the phase).
 */
export function PhotoTagFields({ subcategories, children }: { subcategories: readonly { value: string; label: string }[]; children?: ReactNode }) {
  return (
    <>
      <FormField name="category" label="Category" control="select">
        <ChoiceOptions choices={PHOTO_CATEGORIES} />
      </FormField>
      <FormField name="subcategory" label="Subcategory" control="select">
        <option value="">None</option>
        <ChoiceOptions choices={subcategories} />
      </FormField>
      {children}
      <FormField name="photoType" label="Photo type" control="select">
        <option value="">Not set</option>
        <ChoiceOptions choices={PHOTO_TYPES} />
      </FormField>
    </>
  );
}
