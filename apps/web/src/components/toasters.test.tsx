import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appNotify } from '../lib/app-notify';
import { notificationToaster } from '../lib/notification-toaster';
import { Toasters } from './toasters';

describe('Toasters', () => {
  it('mounts the app toaster with the first app toast and shows it', async () => {
    render(<Toasters />);
    expect(document.querySelector('[data-app-toast]')).toBeNull();
    appNotify.success('Impersonation Started', 'You are now viewing as casey@example.test');
    // The toaster's code is loaded on demand: give the import its time.
    expect(await screen.findByText('Impersonation Started', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('You are now viewing as casey@example.test')).toBeInTheDocument();
  });

  it('mounts the notification toaster once the code that notifies is loaded, with the toasts made before', async () => {
    render(<Toasters />);
    expect(notificationToaster.get()).toBeNull();
    const { notify } = await import('../lib/toast');
    notify.success('Profile Updated', 'Your changes are saved.');
    expect(notificationToaster.get()).not.toBeNull();
    expect(await screen.findByText('Profile Updated', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
