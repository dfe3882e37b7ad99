// The site-wide banner of the signed-in pages: the product is being updated today and apologizes
// for possible AI issues. Platform admins edit its words or turn it off (stored in app_settings, so
// every instance shows the same); until they do, it is on with these words. Public pages (the
// landing, sign-in, a homeowner's share page) never show it, and a user can dismiss it for the day.

export const SITE_BANNER_DEFAULT_TEXT = 'Ridgeline is being updated today. We apologize for any issues you may notice with AI features while we work.';

/** The longest banner, so it stays a line or two on a phone. */
export const SITE_BANNER_MAX_LENGTH = 200;
