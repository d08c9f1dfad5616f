export * from './limits.js';
export * from './schemas.js';
export * from './settings-calls.js';
export * from './system-calls.js';
