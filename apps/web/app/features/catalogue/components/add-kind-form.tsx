import type { AdminProduct } from '@crossbuy/core/catalogue';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { type Change, OutcomeMessage, useOutcome } from './variant-outcome';

/**
 * A new kind of choice (Size) with its first options, while the product has no variants: every variant
 * picks one option of each kind, so kinds are fixed once variants exist.
 */
export function AddKindForm({ product, change }: { product: AdminProduct; change: Change }) {
  const [name, setName] = useState('');
  const [options, setOptions] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { outcome, run } = useOutcome();
  const listed = options
    .split(',')
    .map((option) => option.trim())
    .filter((option) => option !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(name.trim() === '' || listed.length === 0);
    if (name.trim() === '' || listed.length === 0) return;
    const variants = [...product.variants, { name: name.trim(), options: listed }];
    void run(
      () => change({ kind: 'update', input: { version: product.version, variants } }),
      `${name.trim()} added: now add a variant for each combination on sale.`,
    ).then((added) => {
      if (added) {
        setName('');
        setOptions('');
      }
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a kind of choice"
      className="flex flex-wrap items-end gap-3"
    >
      <TextField
        label="Kind of choice, e.g. Size"
        value={name}
        onChange={(event) => setName(event.target.value)}
        maxLength={50}
        autoComplete="off"
        error={invalid && name.trim() === '' ? 'Please name the kind of choice' : undefined}
      />
      <TextField
        label="Its options, separated by commas"
        value={options}
        onChange={(event) => setOptions(event.target.value)}
        autoComplete="off"
        error={invalid && listed.length === 0 ? 'Please give at least one option' : undefined}
      />
      <Button type="submit" variant="secondary">
        Add kind of choice
      </Button>
      <div className="basis-full">
        <OutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}
