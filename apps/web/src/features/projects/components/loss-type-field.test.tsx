import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { LossType } from '@ridgeline/shared/domain/loss-types';
import { LossTypeField } from './loss-type-field';

function Harness({ initial = null }: { initial?: LossType | null }) {
  const [value, setValue] = useState<LossType | null>(initial);
  const [description, setDescription] = useState('');
  return (
    <>
      <label>
        Description
        <textarea value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <LossTypeField value={value} onChange={setValue} description={description} />
      <span data-testid="value">{value ?? 'classify'}</span>
    </>
  );
}

describe('LossTypeField', () => {
  it('classifies the description live while no type is chosen', async () => {
    render(<Harness />);
    expect(screen.getByRole('tab', { name: 'Let Ridgeline classify the description' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Classified as: Other');
    await userEvent.type(screen.getByLabelText('Description'), 'Large hail on the north slope');
    expect(screen.getByRole('status')).toHaveTextContent('Classified as: Hail');
    // Whole words only: "windows" is not wind.
    await userEvent.clear(screen.getByLabelText('Description'));
    await userEvent.type(screen.getByLabelText('Description'), 'broken windows');
    expect(screen.getByRole('status')).toHaveTextContent('Classified as: Other');
    expect(screen.getByTestId('value')).toHaveTextContent('classify');
  });

  it('overrides the classification by choosing from the list, starting from what was classified', async () => {
    render(<Harness />);
    await userEvent.type(screen.getByLabelText('Description'), 'wind tore the shingles');
    await userEvent.click(screen.getByRole('button', { name: 'Choose a different type' }));
    expect(screen.getByTestId('value')).toHaveTextContent('wind');
    const select = screen.getByLabelText('Loss type from the list');
    expect(select).toHaveValue('wind');
    await userEvent.selectOptions(select, 'hail_wind');
    expect(screen.getByTestId('value')).toHaveTextContent('hail_wind');
  });

  it('goes back to classifying when asked', async () => {
    render(<Harness initial="tornado" />);
    expect(screen.getByLabelText('Loss type from the list')).toHaveValue('tornado');
    await userEvent.click(screen.getByRole('tab', { name: 'Let Ridgeline classify the description' }));
    expect(screen.getByTestId('value')).toHaveTextContent('classify');
  });
});
