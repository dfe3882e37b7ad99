import 'fake-indexeddb/auto';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { UpdateMeasurementInput } from '@ridgeline/shared/contracts/estimating';
import { MeasurementEditor, type SaveMeasurement } from './measurement-editor';
import { formFromSessionStructures, readNumber } from './measurement-form-schema';
import { ProjectPicker } from './project-picker';
import { answerProjects, fakeProject, fakeProjectList } from '../../test/project-fakes';

const PROJECT_ID = '00000000-0000-4000-8000-0000000000a1';

// The calculator's live arithmetic (the shared measureStructure as the boxes are typed) and what it saves.

let counter = 0;
const newId = () => `id-${++counter}`;

function renderEditor(onSave: SaveMeasurement) {
  const defaults = formFromSessionStructures([{ id: 'house', name: 'Main house', kind: 'main_house', slopes: [{ direction: 'N' }] }], newId);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MeasurementEditor defaultValues={defaults} measurement={null} onSave={onSave} />
    </QueryClientProvider>,
  );
}

const TIMEOUT = 30_000;

describe('readNumber', () => {
  it('reads thousands separators and a pitch typed as x/12, and says when it is not a number', () => {
    expect(readNumber('1,250.5')).toBe(1250.5);
    expect(readNumber(' 6/12 ')).toBe(6);
    expect(readNumber('')).toBeNull();
    expect(readNumber('six')).toBeNaN();
  });
});

describe('MeasurementEditor', () => {
  it(
    'works out each facet, the structure and the pitch tiers as the numbers are typed, and saves the contract shape',
    async () => {
      const saved: UpdateMeasurementInput[] = [];
      renderEditor(async (input) => {
        saved.push(input);
      });
      const house = screen.getByRole('region', { name: 'Main house' });
      expect(within(house).getByLabelText('Facet 1 name')).toHaveValue('N slope');

      await userEvent.type(within(house).getByLabelText('Facet 1 pitch (rise/12)'), '6');
      await userEvent.type(within(house).getByLabelText('Facet 1 plan area (sq ft)'), '1,000');
      // 1,000 x 1.118 = 1,118 sq ft = 11.18 SQ.
      expect(within(house).getByText(/Pitch factor 1\.118 · 1,118\.03 sq ft/)).toHaveTextContent('11.18 SQ');

      await userEvent.click(within(house).getByRole('button', { name: 'Add facet' }));
      await userEvent.type(within(house).getByLabelText('Facet 2 pitch (rise/12)'), '8');
      await userEvent.type(within(house).getByLabelText('Facet 2 length (ft)'), '20');
      await userEvent.type(within(house).getByLabelText('Facet 2 width (ft)'), '30');
      expect(within(house).getByText(/Pitch factor 1\.202 · 721\.11 sq ft/)).toHaveTextContent('7.21 SQ');

      const totals = within(house).getByLabelText('Main house totals');
      const figure = (term: string) => within(totals).getByText(term).nextElementSibling?.textContent;
      expect(figure('Squares')).toBe('18.39');
      // 10% waste by default: 18.3914 x 1.1.
      expect(figure('Order squares')).toBe('20.23');
      expect(figure('True area')).toBe('1,839.14 sq ft');
      expect(figure('Up to 6/12')).toBe('11.18 SQ');
      expect(figure('7/12 to 9/12')).toBe('7.21 SQ');

      await userEvent.clear(within(house).getByLabelText('Waste %'));
      await userEvent.type(within(house).getByLabelText('Waste %'), '15');
      expect(figure('Order squares')).toBe('21.15');

      await userEvent.type(within(house).getByLabelText('Ridge (LF)'), '40');
      await userEvent.type(within(house).getByLabelText('Eave (LF)'), '120');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]?.structures[0]).toMatchObject({
        structureId: 'house',
        name: 'Main house',
        facets: [
          { name: 'N slope', pitchRise: 6, planAreaSqFt: 1000, lengthFt: null, widthFt: null },
          { name: '', pitchRise: 8, planAreaSqFt: null, lengthFt: 20, widthFt: 30 },
        ],
        linear: { ridge: 40, hip: 0, valley: 0, rake: 0, eave: 120, stepFlashing: 0, headwall: 0 },
        wastePct: 15,
        layers: 1,
        stories: 1,
        // Nothing counted on the roof: none.
        pipeJacks: 0,
        roofVents: 0,
      });
      expect(saved[0]?.reportTotals).toBeNull();
    },
    TIMEOUT,
  );

  it(
    'says what is wrong in each box and saves nothing until it is right',
    async () => {
      const onSave = vi.fn<SaveMeasurement>(async () => undefined);
      renderEditor(onSave);
      const house = screen.getByRole('region', { name: 'Main house' });
      await userEvent.type(within(house).getByLabelText('Facet 1 pitch (rise/12)'), 'steep');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      expect(await screen.findByText('Enter a number, like 12 or 12.5')).toBeInTheDocument();

      await userEvent.clear(within(house).getByLabelText('Facet 1 pitch (rise/12)'));
      await userEvent.type(within(house).getByLabelText('Facet 1 pitch (rise/12)'), '7');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      expect(await screen.findByText('Enter the plan area, or the length and the width')).toBeInTheDocument();
      expect(onSave).not.toHaveBeenCalled();
    },
    TIMEOUT,
  );
});

describe('MeasurementEditor: what is counted on the roof', () => {
  it(
    'saves the pipe jacks and roof vents counted, and wants whole numbers',
    async () => {
      const saved: UpdateMeasurementInput[] = [];
      renderEditor(async (input) => {
        saved.push(input);
      });
      const house = screen.getByRole('region', { name: 'Main house' });
      const counted = within(house).getByRole('group', { name: 'Counted on the roof' });
      expect(within(counted).getByLabelText('Pipe jacks')).toHaveValue('0');
      expect(within(counted).getByLabelText(/Roof vents/)).toHaveValue('0');
      await userEvent.type(within(house).getByLabelText('Facet 1 pitch (rise/12)'), '6');
      await userEvent.type(within(house).getByLabelText('Facet 1 plan area (sq ft)'), '1000');
      await userEvent.clear(within(counted).getByLabelText('Pipe jacks'));
      await userEvent.type(within(counted).getByLabelText('Pipe jacks'), '3');
      await userEvent.clear(within(counted).getByLabelText(/Roof vents/));
      await userEvent.type(within(counted).getByLabelText(/Roof vents/), '2.5');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      expect(await within(counted).findByText('Enter a whole number of vents')).toBeInTheDocument();
      expect(saved).toHaveLength(0);

      await userEvent.clear(within(counted).getByLabelText(/Roof vents/));
      await userEvent.type(within(counted).getByLabelText(/Roof vents/), '4');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]?.structures[0]).toMatchObject({ pipeJacks: 3, roofVents: 4 });
    },
    TIMEOUT,
  );
});

describe('MeasurementEditor saved to a chosen claim file', () => {
  it(
    'asks for the claim file along with the other boxes',
    async () => {
      const onSave = vi.fn<SaveMeasurement>(async () => undefined);
      answerProjects(fakeProjectList([fakeProject({ id: PROJECT_ID, title: 'Smith roof', street: '12 Oak St' })]));
      render(
        <QueryClientProvider client={new QueryClient()}>
          <MeasurementEditor
            defaultValues={formFromSessionStructures([], newId)}
            measurement={null}
            onSave={onSave}
            requireProject
            header={(form) => <ProjectPicker form={form} />}
          />
        </QueryClientProvider>,
      );
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      expect(await screen.findByText('Enter the pitch, like 6 for 6/12')).toBeInTheDocument();
      expect(screen.getByText('Choose the claim file to save the measurements to')).toBeInTheDocument();
      expect(onSave).not.toHaveBeenCalled();

      await userEvent.selectOptions(await screen.findByLabelText('Claim file'), 'Smith roof · 12 Oak St');
      await userEvent.type(screen.getByLabelText('Facet 1 pitch (rise/12)'), '4');
      await userEvent.type(screen.getByLabelText('Facet 1 plan area (sq ft)'), '500');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
      expect(onSave.mock.calls[0]?.[1]).toBe(PROJECT_ID);
    },
    TIMEOUT,
  );
});
