import { messageForError } from '@crossbuy/core/errors';
import type { ChangeEvent, Ref } from 'react';
import { refusedLines } from '../../lib/csv-refusal';
import { Alert } from './alert';

type CsvFileFieldProps = {
  id: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** Why the chosen file cannot be read; left out where the error is shown on another field. */
  error?: string | undefined;
  inputRef?: Ref<HTMLInputElement>;
};

/** The 'CSV file' picker of an import, with the file's error under it when there is one. */
export function CsvFileField({ id, onChange, error, inputRef }: CsvFileFieldProps) {
  return (
    <div className="flex flex-col">
      <label htmlFor={id} className="mb-1.5 text-sm font-medium">
        CSV file
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept=".csv,text/csv,text/plain"
        onChange={onChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className="min-h-11 max-w-full text-sm file:mr-3 file:min-h-11 file:rounded-lg file:border file:border-line file:bg-white file:px-3 file:font-semibold"
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

const HEADINGS = {
  /** The import is the page. */
  2: { Tag: 'h2', className: 'text-xl font-semibold' },
  /** The import is one part of a page. */
  3: { Tag: 'h3', className: 'text-lg font-semibold' },
} as const;

type ImportRefusalProps = {
  /** The refused request's error: its message, and each wrong line when the server listed them. */
  error: unknown;
  headingLevel: keyof typeof HEADINGS;
  /** The heading takes focus once the refusal is drawn, so the lines to fix are read next. */
  headingRef: Ref<HTMLHeadingElement>;
  className?: string;
};

/** 'Nothing was imported', why, and every line of the file to fix, by number. */
export function ImportRefusal({ error, headingLevel, headingRef, className = '' }: ImportRefusalProps) {
  const { Tag, className: headingClasses } = HEADINGS[headingLevel];
  const wrongLines = refusedLines(error);
  return (
    <div className={['flex', className, 'flex-col gap-2'].filter(Boolean).join(' ')}>
      <Tag ref={headingRef} tabIndex={-1} className={headingClasses}>
        Nothing was imported
      </Tag>
      <Alert>{messageForError(error)}</Alert>
      {wrongLines.length > 0 ? (
        <ul aria-label="Lines to fix" className="flex flex-col gap-1 text-sm">
          {wrongLines.map((line) => (
            <li key={`${line.line} ${line.code}`}>
              <span className="font-semibold">Line {line.line}:</span> {line.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
