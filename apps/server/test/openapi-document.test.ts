import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** JSON with its keys sorted, so a fingerprint changes only when the content does. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const fingerprint = (value: unknown) =>
  createHash('sha256').update(canonical(value)).digest('hex').slice(0, 12);

type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: unknown[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
};

/** One line a call: what a reader of the document sees, and a fingerprint of each schema it names. */
function describeCall(method: string, path: string, operation: Operation): string {
  const parts = [
    `${method.toUpperCase()} ${path}`,
    `  tags ${(operation.tags ?? []).join(', ')}; summary ${fingerprint(operation.summary ?? '')}; description ${fingerprint(operation.description ?? '')}`,
    `  parameters ${fingerprint(operation.parameters ?? [])}; body ${fingerprint(operation.requestBody ?? null)}`,
    ...Object.entries(operation.responses ?? {}).map(
      ([status, answer]) => `  ${status} ${fingerprint(answer)}`,
    ),
  ];
  return parts.join('\n');
}

// The contract is declared in core and registered from there: this keeps the published document the
// same call for call while routes move, and shows which call changed when one does.
describe('the OpenAPI document', () => {
  let store: TestApp;
  beforeAll(async () => {
    store = await createTestApp();
  });
  afterAll(() => store.close());

  it('describes every call as before', async () => {
    const answer = await store.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(answer.statusCode).toBe(200);
    const document = answer.json<{
      paths: Record<string, Record<string, Operation>>;
      components?: unknown;
    }>();
    const calls = Object.entries(document.paths)
      .sort(([a], [b]) => a.localeCompare(b))
      .flatMap(([path, item]) =>
        Object.entries(item)
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([method, operation]) => describeCall(method, path, operation)),
      );
    expect(calls.length).toBeGreaterThan(200);
    const text = `${calls.join('\n')}\ncomponents ${fingerprint(document.components ?? {})}\n`;
    await expect(text).toMatchFileSnapshot('./__snapshots__/openapi-calls.txt');
  });
});
