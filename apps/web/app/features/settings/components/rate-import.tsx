import type { CurrencyCode } from '@crossbuy/core/money';
import { EXCHANGE_RATE_CSV_MAX_CHARACTERS } from '@crossbuy/core/settings';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { CsvFileField, ImportRefusal } from '../../../components/ui/csv-import';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { Section } from '../../../components/ui/section';
import { readCsvFile } from '../../../lib/csv-file';
import { type RateImport as RateImportResult, useImportExchangeRates } from '../api/settings-api';
import { ConfirmPriceChange } from './confirm-price-change';

function importedSummary(result: RateImportResult, baseCurrency: CurrencyCode): string {
  if (result.changes.length === 0)
    return 'Every rate in the file was already the stored rate; nothing changed.';
  const changes = result.changes
    .map((change) => `${change.currency} ${change.before ?? 'none'} → ${change.after}`)
    .join(', ');
  const count = result.changes.length === 1 ? '1 rate' : `${result.changes.length} rates`;
  return `Imported ${count} per ${baseCurrency}: ${changes}.`;
}

/**
 * Rates from a CSV file (chosen, or pasted): every line is checked by the server and either all are saved
 * or none; a refused file lists each wrong line with its number so it can be fixed in one go.
 */
export function RateImport({ baseCurrency }: { baseCurrency: CurrencyCode }) {
  const importRates = useImportExchangeRates();
  const [csv, setCsv] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [asking, setAsking] = useState(false);
  const [summary, setSummary] = useState('');
  const textArea = useRef<HTMLTextAreaElement>(null);
  const reportHeading = useRef<HTMLHeadingElement>(null);
  const fileId = useId();

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setFileError(undefined);
    importRates.reset();
    setSummary('');
    if (!file) return;
    const reading = await readCsvFile(file, EXCHANGE_RATE_CSV_MAX_CHARACTERS);
    if (reading.ok) setCsv(reading.text);
    else setFileError(reading.error);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSummary('');
    importRates.reset();
    if (csv.trim() === '') {
      setFileError('Choose a CSV file or paste the rates first');
      textArea.current?.focus();
      return;
    }
    setFileError(undefined);
    setAsking(true);
  };

  const confirm = async () => {
    try {
      setSummary(importedSummary(await importRates.mutateAsync(csv), baseCurrency));
      setCsv('');
    } catch {
      // The refusal is shown below; its heading takes focus so the list is read next.
      requestAnimationFrame(() => reportHeading.current?.focus());
    } finally {
      setAsking(false);
    }
  };

  return (
    <Section headingId="import-rates-heading" title="Import rates from a CSV file" status={summary}>
      <p className="max-w-2xl text-sm text-muted">
        One currency and its rate per line, such as <code>MYR,3.4875</code>; a first line{' '}
        <code>currency,rate</code> is allowed. Every line must be right, or nothing is imported.
      </p>
      <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-4">
        <CsvFileField id={fileId} onChange={onFile} />
        <FieldFrame label="Or paste the rates" error={fileError}>
          {(control) => (
            <textarea
              ref={textArea}
              {...control}
              value={csv}
              onChange={(event) => setCsv(event.target.value)}
              rows={6}
              maxLength={EXCHANGE_RATE_CSV_MAX_CHARACTERS}
              spellCheck={false}
              className={`${CONTROL_CLASSES} font-mono text-sm`}
            />
          )}
        </FieldFrame>
        {asking ? (
          <ConfirmPriceChange
            question="The rates in this file will replace the stored ones."
            confirmLabel="Import the rates"
            busy={importRates.isPending}
            onConfirm={confirm}
            onCancel={() => {
              setAsking(false);
              textArea.current?.focus();
            }}
          />
        ) : (
          <Button type="submit" className="self-start">
            Import rates
          </Button>
        )}
      </form>
      {importRates.isError ? (
        <ImportRefusal
          error={importRates.error}
          headingLevel={3}
          headingRef={reportHeading}
          className="max-w-2xl"
        />
      ) : null}
    </Section>
  );
}
