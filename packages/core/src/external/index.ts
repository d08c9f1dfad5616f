// Products on other sites, looked up by link: link rules, the marketplaces the store knows, and the wire
// shapes, each in its own module so a page loads only what it uses.

export { externalCalls } from './external-calls.js';
export { normaliseExternalLink } from './links.js';
export { MARKETPLACES, marketplaceOfHost } from './marketplaces.js';
export * from './schemas.js';
