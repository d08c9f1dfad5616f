import type { AdminProduct } from '@crossbuy/core/catalogue';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { type Change, OutcomeMessage, useOutcome } from './variant-outcome';

/** A new option for one kind of choice (a new size), then a variant that uses it. */
export function AddOptionForm({ product, change }: { product: AdminProduct; change: Change }) {
  const [kind, setKind] = useState('0');
  const [option, setOption] = useState('');
  const { outcome, run } = useOutcome();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const index = Number(kind);
    const name = option.trim();
    if (!name) return;
    const variants = product.variants.map((variant, position) =>
      position === index ? { ...variant, options: [...variant.options, name] } : variant,
    );
    void run(
      () => change({ kind: 'update', input: { version: product.version, variants } }),
      `Option ${name} added.`,
    ).then((added) => added && setOption(''));
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Add an option" className="flex flex-wrap items-end gap-3">
      <SelectField
        label="Kind of choice"
        value={kind}
        onChange={(event) => setKind(event.target.value)}
        options={product.variants.map((variant, index) => ({ value: String(index), label: variant.name }))}
      />
      <TextField
        label="New option"
        value={option}
        onChange={(event) => setOption(event.target.value)}
        maxLength={50}
        autoComplete="off"
      />
      <Button type="submit" variant="secondary">
        Add option
      </Button>
      <div className="basis-full">
        <OutcomeMessage outcome={outcome} />
      </div>
    </form>
  );
}
