export * from './dashboard.js';
export { dashboardCalls } from './dashboard-calls.js';
export * from './staff.js';
export { staffCalls } from './staff-calls.js';
