export * from './mail-calls.js';
