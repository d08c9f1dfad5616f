import { describe, expect, it } from 'vitest';
import { PollingWorker } from './polling-worker.js';
import { currentRequestId, peerTrustedBy, requestIdFor, runWithRequestId } from './request-ids.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the id of a request', () => {
  it('is the forwarded one when a trusted peer sent a well-formed id', () => {
    expect(requestIdFor('8d4a2c6e-1f3b-4a5d-9e7f-0b1c2d3e4f5a', true)).toBe(
      '8d4a2c6e-1f3b-4a5d-9e7f-0b1c2d3e4f5a',
    );
    expect(requestIdFor('7F000001:D1A2_7F000001:1F90_6760F2A1_0001:1A2B', true)).toBe(
      '7F000001:D1A2_7F000001:1F90_6760F2A1_0001:1A2B',
    );
  });

  it('is a new UUID when the peer is not trusted, whatever it sent', () => {
    expect(requestIdFor('8d4a2c6e-1f3b-4a5d-9e7f-0b1c2d3e4f5a', false)).toMatch(UUID);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['too short', 'abcdefg'],
    ['too long', 'a'.repeat(129)],
    ['repeated (two headers)', ['abcdefghijkl', 'mnopqrstuvwx']],
    ['with a NUL', 'abcdefgh\u0000ijkl'],
    ['with a line break', 'abcdefgh\nijkl'],
    ['with letters outside ASCII', 'abcdefgh\u00e9ijkl'],
    ['with braces', '{"msg":"forged"}'],
  ])('is a new UUID when the forwarded id is %s', (_case, forwarded) => {
    expect(requestIdFor(forwarded, true)).toMatch(UUID);
  });

  it('takes the longest id allowed', () => {
    const longest = `a${'b'.repeat(127)}`;
    expect(requestIdFor(longest, true)).toBe(longest);
  });
});

describe('which peers may name requests', () => {
  it('follows TRUST_PROXY: all, none, or a hop count', () => {
    expect(peerTrustedBy(true)('203.0.113.9')).toBe(true);
    expect(peerTrustedBy(false)('127.0.0.1')).toBe(false);
    expect(peerTrustedBy(1)('203.0.113.9')).toBe(true);
    expect(peerTrustedBy(0)('127.0.0.1')).toBe(false);
  });

  it('trusts only the listed addresses and ranges', () => {
    const trusts = peerTrustedBy(['127.0.0.1', '10.0.0.0/8']);
    expect(trusts('127.0.0.1')).toBe(true);
    expect(trusts('10.20.30.40')).toBe(true);
    expect(trusts('203.0.113.9')).toBe(false);
    expect(trusts(undefined)).toBe(false);
    expect(peerTrustedBy(['loopback'])('::1')).toBe(true);
  });
});

describe('the request whose work is running', () => {
  it('is known inside the work, also after awaiting, and forgotten outside it', async () => {
    expect(currentRequestId()).toBeNull();
    const seen = await runWithRequestId('request-a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentRequestId();
    });
    expect(seen).toBe('request-a');
    expect(currentRequestId()).toBeNull();
  });

  it('keeps two requests running at once apart', async () => {
    const ids = await Promise.all(
      ['request-a', 'request-b'].map((id, index) =>
        runWithRequestId(id, async () => {
          await new Promise((resolve) => setTimeout(resolve, 5 - index * 4));
          return currentRequestId();
        }),
      ),
    );
    expect(ids).toEqual(['request-a', 'request-b']);
  });

  it('is none inside work run with no id, even within a request', () => {
    expect(runWithRequestId('request-a', () => runWithRequestId(null, currentRequestId))).toBeNull();
  });

  it("is none in a shared worker's run, even when a request woke it", async () => {
    let seen: string | null | undefined;
    const worker = new PollingWorker({
      pollMs: 60_000,
      work: async () => {
        seen = currentRequestId();
      },
      onError: () => undefined,
    });
    worker.start();
    await worker.stop();
    runWithRequestId('request-a', () => {
      worker.start();
    });
    await worker.stop();
    expect(seen).toBeNull();
  });
});
