export * from './order-words.js';
