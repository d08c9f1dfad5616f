export { contactInboxCalls } from './contact-inbox-calls.js';
export * from './schemas.js';
