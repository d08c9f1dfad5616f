export { orderChatCalls, storeOrderChatCalls } from './order-chat-calls.js';
export * from './schemas.js';
export * from './timeline.js';
