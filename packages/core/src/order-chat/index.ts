export * from './schemas.js';
export * from './timeline.js';
