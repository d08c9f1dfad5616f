import { ApiError, messageForError } from '@crossbuy/core/errors';
import { createStore, useStore } from './store';

/** Calls whose failures screens show (docs/rules/api-and-errors.md); each keeps its last failure in its own slot. */
export const ERROR_SLOTS = [
  'cart',
  'quotationItem',
  'categories',
  'config',
  'currentUser',
  'signIn',
  'twoFactorVerification',
  'profileUpdate',
] as const;

export type ErrorSlot = (typeof ERROR_SLOTS)[number];

export type SlotError = {
  /** The catalogue code when the server sent one, so a screen can react to a specific failure. */
  code: string | undefined;
  status: number | undefined;
  /** What to show the shopper: the catalogue message, never a stack trace. */
  message: string;
};

type SlotState = Readonly<Record<ErrorSlot, SlotError | null>>;

const emptySlots = Object.fromEntries(ERROR_SLOTS.map((slot) => [slot, null])) as SlotState;

const store = createStore<SlotState>(emptySlots);

function toSlotError(error: unknown): SlotError {
  const apiError = error instanceof ApiError ? error : undefined;
  return { code: apiError?.code, status: apiError?.status, message: messageForError(error) };
}

export function setErrorSlot(slot: ErrorSlot, error: unknown): void {
  store.set((current) => ({ ...current, [slot]: toSlotError(error) }));
}

export function clearErrorSlot(slot: ErrorSlot): void {
  store.set((current) => (current[slot] === null ? current : { ...current, [slot]: null }));
}

export function clearErrorSlots(slots: readonly ErrorSlot[] = ERROR_SLOTS): void {
  store.set((current) => ({ ...current, ...Object.fromEntries(slots.map((slot) => [slot, null])) }));
}

export function getErrorSlot(slot: ErrorSlot): SlotError | null {
  return store.get()[slot];
}

export function useErrorSlot(slot: ErrorSlot): SlotError | null {
  return useStore(store)[slot];
}
