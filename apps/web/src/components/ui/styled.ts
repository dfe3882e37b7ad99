import { cn } from '../../lib/cn';
import { createStyled } from './create-styled';

/** The kit's wrappers: a later Tailwind class of the caller wins over the base's (tailwind-merge). */
export const styled = createStyled(cn);
