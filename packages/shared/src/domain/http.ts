/** Header carrying the request id on every API request and response. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
