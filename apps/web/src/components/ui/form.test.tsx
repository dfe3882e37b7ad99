import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Button } from './button';
import { ApiError } from '../../lib/api-client';
import { Form, FormError, FormField, showErrorOnForm, submitShowingErrors, useZodForm } from './form';

const schema = z.object({ email: z.email('Enter a valid email address.') });

function Probe({ onSubmit, failWith }: { onSubmit: (input: { email: string }) => void; failWith?: string }) {
  const form = useZodForm(schema, { defaultValues: { email: '' } });
  return (
    <Form
      form={form}
      aria-label="Probe"
      onSubmit={(input) => {
        onSubmit(input);
        if (failWith) form.setError('root', { message: failWith });
      }}
    >
      <FormField name="email" id="probe-email" label="Email" hint="The address you signed up with." />
      <FormError />
      <Button type="submit">Send</Button>
    </Form>
  );
}

describe('the form path', () => {
  it('describes a field by its hint, and by its error and hint once invalid', async () => {
    const onSubmit = vi.fn();
    render(<Probe onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-describedby', 'probe-email-hint');
    expect(input).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter a valid email address.')).toHaveAttribute('id', 'probe-email-error');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAttribute('aria-describedby', 'probe-email-error probe-email-hint');
    expect(input).toHaveAccessibleDescription('Enter a valid email address. The address you signed up with.');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the parsed values and shows a failure of the whole form as an alert', async () => {
    const onSubmit = vi.fn();
    render(<Probe onSubmit={onSubmit} failWith="Invalid email or password" />);
    await userEvent.type(screen.getByLabelText('Email'), 'dana@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(onSubmit).toHaveBeenCalledWith({ email: 'dana@example.com' });
  });

  it('puts a refused save under the form in the words of lib/error-text', async () => {
    const refusal = new ApiError(409, 'CONFLICT', 'That name is taken', 'request-1');
    const root = () => {
      const setError = vi.fn();
      return { form: { setError }, setError };
    };

    const onError = root();
    showErrorOnForm(onError.form)(refusal);
    expect(onError.setError).toHaveBeenCalledWith('root', { message: 'That name is taken' });

    const awaited = root();
    const onFailed = vi.fn();
    await submitShowingErrors(awaited.form, () => Promise.reject(refusal), onFailed);
    expect(awaited.setError).toHaveBeenCalledWith('root', { message: 'That name is taken' });
    expect(onFailed).toHaveBeenCalledWith('That name is taken');

    const saved = root();
    await submitShowingErrors(saved.form, () => Promise.resolve(), onFailed);
    expect(saved.setError).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledTimes(1);
  });
});
