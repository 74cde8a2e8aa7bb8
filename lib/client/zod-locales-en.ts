// The browser bundle carries only zod's English messages (its other locales were 167 KB).
export { default as en } from 'zod/v4/locales/en.js';
