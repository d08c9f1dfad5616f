import { ApiError } from '@crossbuy/core/errors';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CsvFileField, ImportRefusal } from './csv-import';

afterEach(cleanup);

describe('CsvFileField', () => {
  it('is a file picker named "CSV file" that takes CSV and plain text', () => {
    render(<CsvFileField id="rates-file" onChange={vi.fn()} />);
    const input = screen.getByLabelText('CSV file');
    expect(input.getAttribute('type')).toBe('file');
    expect(input.getAttribute('accept')).toBe('.csv,text/csv,text/plain');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('marks itself wrong and points at the reason when the file cannot be read', () => {
    render(<CsvFileField id="products-file" onChange={vi.fn()} error="Choose a CSV file first" />);
    const input = screen.getByLabelText('CSV file');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('products-file-error');
    expect(document.getElementById('products-file-error')?.textContent).toBe('Choose a CSV file first');
  });
});

describe('ImportRefusal', () => {
  const refusal = new ApiError({
    status: 400,
    code: 'settings/csv_invalid',
    params: ['1'],
    body: { lines: [{ line: 3, code: 'settings/csv_malformed_line', message: 'This line is wrong' }] },
  });

  it('says nothing was imported, why, and lists each line to fix by number', () => {
    render(<ImportRefusal error={refusal} headingLevel={2} headingRef={createRef()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Nothing was imported' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('The file has errors on 1 line(s)');
    const lines = within(screen.getByRole('list', { name: 'Lines to fix' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['Line 3: This line is wrong']);
  });

  it('shows no list when the refusal names no lines, and its heading can take the focus', () => {
    const heading = createRef<HTMLHeadingElement>();
    render(
      <ImportRefusal
        error={new ApiError({ status: 400, code: 'settings/csv_empty' })}
        headingLevel={3}
        headingRef={heading}
      />,
    );
    expect(screen.queryByRole('list')).toBeNull();
    heading.current?.focus();
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 3, name: 'Nothing was imported' }),
    );
  });
});
