/**
 * A call the user cancelled (Cancel on its card, or Stop of the reply while it ran): the envelope's
 * code and what the model and the card read. The host's own words, shared by the server that writes
 * them and the page that tells them apart from a failure.
 */
export const CANCELLED_CODE = 'X_CANCELLED' as const;
export const CANCELLED_TEXT = 'The user cancelled this call before it finished.';
