// The error catalogue: every code with its message and HTTP status, the errors the server throws and the
// web client raises, and the sentence a shopper sees for any failure.
export * from './api-error.js';
export * from './app-error.js';
export * from './error-codes.js';
