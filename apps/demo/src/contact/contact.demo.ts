import { contactMessages } from '@crossbuy/server/features/contact/contact.table.js';
import type { DemoSeeder } from '../demo-data.js';

const HOUR = 3_600_000;

/** A few contact-form messages, so the back-office inbox has something to read and answer. */
export const contactDemoSeeder: DemoSeeder = {
  name: 'contact',
  async seed(db) {
    const now = Date.now();
    await db.insert(contactMessages).values([
      {
        email: 'aiko.tanaka@example.jp',
        name: 'Aiko Tanaka',
        phoneNumber: '+819012345678',
        message: 'Hello, can you buy a rice cooker from a Japanese shop for me and ship it to Singapore?',
        createdAt: new Date(now - 2 * HOUR),
      },
      {
        email: 'wei.lim@example.com',
        name: 'Wei Lim',
        phoneNumber: null,
        message: 'My quotation has been pending for two days. Is anything missing from my request?',
        createdAt: new Date(now - 26 * HOUR),
      },
      {
        email: 'priya.nair@example.com',
        name: 'Priya Nair',
        phoneNumber: '+6591234567',
        message: 'Do you ship to Malaysia, and how long does it take?',
        readAt: new Date(now - 70 * HOUR),
        createdAt: new Date(now - 72 * HOUR),
      },
    ]);
  },
};
