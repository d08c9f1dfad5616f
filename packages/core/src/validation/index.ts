// Split by what each file loads: auth.ts stays free of the country data and the phone library, so pages
// that only sign in or change a password do not download them ("sideEffects": false lets bundlers drop
// the files a page does not use).
export * from './auth.js';
export * from './auth-calls.js';
export * from './contact.js';
export * from './contact-calls.js';
export * from './profile.js';
export * from './tfa-calls.js';
export * from './user.js';
export * from './user-calls.js';
export * from './wire.js';
