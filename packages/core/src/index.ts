export * from './dates/index.js';
export * from './errors/index.js';
export * from './money/index.js';
export * from './validation/index.js';
