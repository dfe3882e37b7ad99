import { withBase } from '../../lib/with-base';
import { createStyled } from './create-styled';

// Cards are on the dashboard, the signed-in first load: their merge is the light one (lib/with-base.ts).
const styled = createStyled(withBase);
const CARD = 'rounded-lg border border-slate-200 bg-white p-4';

// A white panel with a border: sections of a page, the auth box, the stat tiles.
export const Card = styled('section', CARD);

/** A card that is not a page section (a tile in a grid, a wrapper around a form). */
export const CardDiv = styled('div', CARD);

export const CardTitle = styled('h2', 'text-lg font-semibold text-slate-900');

export const CardDescription = styled('p', 'mt-1 text-sm text-slate-700');
