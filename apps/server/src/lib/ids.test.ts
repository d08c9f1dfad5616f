import { describe, expect, it } from 'vitest';
import { isUuid } from './ids.js';

describe('isUuid', () => {
  it('recognises uuids only', () => {
    expect(isUuid('5f0c6f4e-8f7a-4c1e-9d2b-0a1b2c3d4e5f')).toBe(true);
    expect(isUuid('5F0C6F4E-8F7A-4C1E-9D2B-0A1B2C3D4E5F')).toBe(true);
    expect(isUuid('5f0c6f4e-8f7a-4c1e-9d2b-0a1b2c3d4e5')).toBe(false);
    expect(isUuid("1' or '1'='1")).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
