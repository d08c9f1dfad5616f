export * from './audit-calls.js';
export * from './subjects.js';
