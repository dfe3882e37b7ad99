import { Component, type ReactNode } from 'react';

/**
 * A part of the page that may be missing without harm (a toaster, the floating chat): when it fails,
 * for instance its code cannot be loaded offline before the service worker holds it, it shows nothing
 * and logs a warning, instead of the error page taking the whole screen.
 */
export class QuietBoundary extends Component<{ name: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn(`${this.props.name} could not be loaded.`, error);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
