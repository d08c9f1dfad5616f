export * from './dashboard.js';
export * from './staff.js';
