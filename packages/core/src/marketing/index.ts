export * from './content.js';
export { bannerCalls, contentCalls, homeGroupCalls, imagePageCalls, popupCalls } from './content-calls.js';
export { voucherCalls } from './voucher-calls.js';
export * from './vouchers.js';
