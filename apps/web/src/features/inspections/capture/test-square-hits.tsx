import { z } from 'zod';
import { slopeSchema, type Structure } from '@ridgeline/shared/contracts/inspections';
import { testSquareLabel } from '@ridgeline/shared/domain/shot-list';
import type { SlopeDirection } from '@ridgeline/shared/domain/field-capture';
import { Button } from '../../../components/ui/button';
import { Card, CardTitle } from '../../../components/ui/card';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { saveInspectionFields, type LocalInspection } from '../../../offline/inspection-store';

// The roof's test squares: the hail hits counted in each slope's 10 ft x 10 ft square, saved on this
// device at once and sent with the session (labelled as adjusters read them: "N = 11").

const hitsSchema = z.object({
  hits: z
    .string()
    .trim()
    .regex(/^\d{0,3}$/, 'Enter a whole number from 0 to 999')
    .transform((text) => (text === '' ? null : Number(text)))
    .pipe(slopeSchema.shape.testSquareHits),
});

function HitsForm({
  session,
  userId,
  structure,
  direction,
  hits,
}: {
  session: LocalInspection;
  userId: string;
  structure: Structure;
  direction: SlopeDirection;
  hits: number | null;
}) {
  const form = useZodForm(hitsSchema, { defaultValues: { hits: hits === null ? '' : String(hits) } });
  const label = session.structures.length > 1 ? `${structure.name}: test square ${direction} hits` : `Test square ${direction} hits`;

  async function save({ hits: next }: z.output<typeof hitsSchema>) {
    const structures = session.structures.map((s) =>
      s.id === structure.id ? { ...s, slopes: s.slopes.map((slope) => (slope.direction === direction ? { ...slope, testSquareHits: next } : slope)) } : s,
    );
    try {
      await saveInspectionFields(userId, session.id, { structures });
      form.reset({ hits: next === null ? '' : String(next) });
      notify.success('Hits saved', `Test square ${testSquareLabel(direction, next)}`);
    } catch (error) {
      notify.error('Hits not saved', errorText(error));
    }
  }

  return (
    <Form form={form} onSubmit={save} className="flex-row items-end gap-2">
      <FormField name="hits" label={label} inputMode="numeric" pattern="[0-9]*" className="flex-1" labelClassName="text-base" />
      <Button type="submit" size="lg" variant="secondary">
        Save
      </Button>
    </Form>
  );
}

export function TestSquareHits({ session, userId }: { session: LocalInspection; userId: string }) {
  const roofs = session.structures.filter((s) => s.areas.includes('roof') && s.slopes.length > 0);
  return (
    <Card aria-labelledby="hits-title" className="flex flex-col gap-3">
      <CardTitle id="hits-title">Test square hits</CardTitle>
      {roofs.length === 0 ? (
        <p className="text-sm text-slate-800">No roof slopes yet: add them on the areas step.</p>
      ) : (
        roofs.flatMap((structure) =>
          structure.slopes.map((slope) => (
            <HitsForm
              key={`${structure.id}-${slope.direction}`}
              session={session}
              userId={userId}
              structure={structure}
              direction={slope.direction}
              hits={slope.testSquareHits}
            />
          )),
        )
      )}
    </Card>
  );
}
