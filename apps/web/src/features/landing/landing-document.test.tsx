import { describe, expect, it } from 'vitest';
import { renderLandingMarkup } from './landing-document';

describe('renderLandingMarkup', () => {
  it('renders the whole landing page as HTML, with no script', () => {
    const html = renderLandingMarkup();
    expect(html).toContain('<h1');
    expect(html).toContain('The complete claims management system, from the roof to the check.');
    // A public page: the site banner is the signed-in pages' only.
    expect(html).not.toContain('Ridgeline is being updated today.');
    expect(html).not.toContain('Site notice');
    expect(html).toContain('id="pricing"');
    for (const plan of ['Starter', 'Professional', 'Business', 'Enterprise']) expect(html).toContain(`>${plan}</h3>`);
    expect(html).toContain('href="/auth"');
    // A free trial opens the sign-up form, keeping the plan chosen on a pricing card.
    expect(html).toContain('href="/auth?mode=signup"');
    for (const plan of ['starter', 'professional', 'business', 'enterprise']) expect(html).toContain(`href="/auth?mode=signup&amp;plan=${plan}"`);
    expect(html).toContain('data-current-year=""');
    expect(html).not.toContain('<script');
  });
});
