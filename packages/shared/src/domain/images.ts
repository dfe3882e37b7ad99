// The pixel budget: the largest image the product accepts, decodes or prints. An image's size is
// read from its header before anything decodes its pixels, and one over the budget is refused at
// upload (422 IMAGE_TOO_MANY_PIXELS) and never decoded. The budget lets phone photos through up to
// 67 megapixels (a 48 or 50 MP main camera, a 64 MP mode) and panoramas up to 16,384 pixels long;
// a PNG of a few hundred kilobytes that unpacks to gigabytes (12000 x 12000 is 144 MP) stays out.

/** The most pixels an image may have: 8192 x 8192 (67,108,864, about 67 megapixels). */
export const MAX_IMAGE_PIXELS = 8192 * 8192;
/** The longest side an image may have, in pixels. */
export const MAX_IMAGE_SIDE = 16_384;

/** Whether an image of this size is within the pixel budget. */
export function isWithinPixelBudget(width: number, height: number): boolean {
  return width >= 1 && height >= 1 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
}

const megapixels = (pixels: number) => Math.round(pixels / 1_000_000);
const grouped = (n: number) => n.toLocaleString('en-US');

/** The budget in whole megapixels, as people read it: 67. */
export const MAX_IMAGE_MEGAPIXELS = megapixels(MAX_IMAGE_PIXELS);

/** The budget in words: "67 megapixels (8192 x 8192) and 16,384 pixels on a side". */
export const PIXEL_BUDGET_TEXT = `${MAX_IMAGE_MEGAPIXELS} megapixels (8192 x 8192) and ${grouped(MAX_IMAGE_SIDE)} pixels on a side`;

/** The refusal of an image over the budget, naming its size when the header gave it. */
export function pixelBudgetMessage(size?: { width: number; height: number }): string {
  const limit = `Images can be up to ${PIXEL_BUDGET_TEXT}.`;
  if (!size) return `This image is too large. ${limit}`;
  return `This image is too large (${grouped(size.width)} x ${grouped(size.height)} pixels). ${limit}`;
}
