export * from './breakdown.js';
export * from './desk.js';
export * from './limits.js';
export * from './rules.js';
export * from './schemas.js';
