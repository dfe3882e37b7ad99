import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import LandingPage from './landing-page';

/** Renders the landing page on its own, without the router or any signed-in code. */
export function renderLanding(container: HTMLElement): void {
  createRoot(container).render(
    <StrictMode>
      <LandingPage />
    </StrictMode>,
  );
}
