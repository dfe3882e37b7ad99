import { z } from 'zod';
import { createProjectSchema } from '@ridgeline/shared/contracts/projects';
import { parseDollars } from '../../lib/money';
import { blankIsNull } from '../../lib/blank-is-null';

// The new-project form on the one form path: the contract's createProjectSchema, with each field as
// people type it. Empty boxes and "none" choices become null (or are left out), dollars become cents,
// and coordinates become numbers; the contract's own rules then apply unchanged.

const fields = createProjectSchema.shape;

/** A text box that must not be left empty, with the page's words for it. */
const required = <S extends z.ZodType<unknown, string>>(schema: S, message: string) =>
  z
    .string()
    .refine((value) => value.trim() !== '', message)
    .pipe(schema);

/** A dollar amount as typed ("1,250.50", "$980"); empty is null. */
const dollars = (schema: ReturnType<typeof fields.rcvCents.unwrap>) =>
  z
    .string()
    .refine((value) => parseDollars(value) !== undefined, 'Enter an amount in dollars, like 1,250.00')
    .transform((value) => parseDollars(value) ?? null)
    .pipe(schema);

/** A latitude or longitude as typed; empty is null. */
const coordinate = (schema: ReturnType<typeof fields.latitude.unwrap>, min: number, max: number) =>
  z
    .string()
    .refine((value) => {
      if (value.trim() === '') return true;
      const number = Number(value);
      return Number.isFinite(number) && number >= min && number <= max;
    }, `Enter a number between ${min} and ${max}, or leave it empty`)
    .transform((value) => (value.trim() === '' ? null : Number(value)))
    .pipe(schema);

export const newProjectFormSchema = createProjectSchema.extend({
  title: required(fields.title, 'Give the claim file a title, like "Smith roof".'),
  homeownerName: required(fields.homeownerName, "Enter the homeowner's name."),
  street: required(fields.street, 'Enter the street address of the property.'),
  city: blankIsNull(fields.city.unwrap()),
  state: blankIsNull(fields.state.unwrap()),
  zip: blankIsNull(fields.zip.unwrap()),
  latitude: coordinate(fields.latitude.unwrap(), -90, 90),
  longitude: coordinate(fields.longitude.unwrap(), -180, 180),
  policyNumber: blankIsNull(fields.policyNumber.unwrap()),
  claimNumber: blankIsNull(fields.claimNumber.unwrap()),
  dateOfLoss: blankIsNull(fields.dateOfLoss.unwrap()),
  lossDescription: blankIsNull(fields.lossDescription.unwrap()),
  deductibleCents: dollars(fields.deductibleCents.unwrap()),
  rcvCents: dollars(fields.rcvCents.unwrap()),
  acvCents: dollars(fields.acvCents.unwrap()),
  depreciationCents: dollars(fields.depreciationCents.unwrap()),
  serviceType: blankIsNull(fields.serviceType.unwrap()),
  assigneeId: blankIsNull(fields.assigneeId.unwrap()),
  /** Empty starts the project in the pipeline's first status. */
  statusId: z
    .string()
    .transform((value) => value || undefined)
    .pipe(fields.statusId),
});

export type NewProjectFormInput = z.input<typeof newProjectFormSchema>;

export const EMPTY_NEW_PROJECT: NewProjectFormInput = {
  title: '',
  homeownerName: '',
  homeownerPhone: '',
  homeownerEmail: '',
  street: '',
  city: '',
  state: '',
  zip: '',
  latitude: '',
  longitude: '',
  carrierId: null,
  adjusterId: null,
  policyNumber: '',
  claimNumber: '',
  dateOfLoss: '',
  lossType: null,
  lossDescription: '',
  deductibleCents: '',
  rcvCents: '',
  acvCents: '',
  depreciationCents: '',
  serviceType: '',
  assigneeId: '',
  statusId: '',
};
