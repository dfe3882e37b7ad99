import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

// The field screens share /field-inspection/:sessionId/... with the capture phases (:phase): a named
// screen must always win over a parameter, whatever order the routes are listed in.

function matchedPath(pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  return matches.at(-1)?.route.path;
}

const SESSION = '5f0c2b1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';

describe('field inspection routes', () => {
  it.each([
    ['/field-inspection', '/field-inspection'],
    ['/field-inspections', '/field-inspections'],
    ['/field-inspection/new', '/field-inspection/new'],
    ['/field-inspection/new-offline', '/field-inspection/new-offline'],
    [`/field-inspection/${SESSION}`, '/field-inspection/:sessionId'],
    [`/field-inspection/${SESSION}/areas`, '/field-inspection/:sessionId/areas'],
    [`/field-inspection/${SESSION}/areas-offline`, '/field-inspection/:sessionId/areas-offline'],
    [`/field-inspection/${SESSION}/insurance-details`, '/field-inspection/:sessionId/insurance-details'],
    [`/field-inspection/${SESSION}/photo-annotation`, '/field-inspection/:sessionId/photo-annotation'],
    [`/field-inspection/${SESSION}/measurements`, '/field-inspection/:sessionId/measurements'],
    [`/field-inspection/${SESSION}/analysis`, '/field-inspection/:sessionId/analysis'],
    [`/field-inspection/${SESSION}/estimate`, '/field-inspection/:sessionId/estimate'],
    [`/field-inspection/${SESSION}/convert`, '/field-inspection/:sessionId/convert'],
    [`/field-inspection/${SESSION}/roof`, '/field-inspection/:sessionId/:phase'],
    [`/field-inspection/${SESSION}/phase-offline/roof`, '/field-inspection/:sessionId/phase-offline/:phase'],
  ])('%s renders %s', (pathname, route) => {
    expect(matchedPath(pathname)).toBe(route);
  });
});
