import { messageForError } from '@crossbuy/core/errors';
import { TEST_CARDS } from '@crossbuy/core/order';
import { type FormEvent, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { payByTestCard } from '../api/payments-api';

const spaced = (number: string) => number.replace(/(.{4})(?=.)/g, '$1 ');

type TestCardFormProps = { orderId: string; onPaid: () => void };

/** The development stand-in for a card form: clearly marked, and no money moves. */
export function TestCardForm({ orderId, onPaid }: TestCardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    setFailure(undefined);
    try {
      const result = await payByTestCard({ orderId, cardNumber });
      if (result.status === 'succeeded') onPaid();
      else setFailure(result.message ?? 'The payment did not go through');
    } catch (error) {
      setFailure(messageForError(error));
    } finally {
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label="Pay with the test card">
      <Alert tone="info">
        <strong>Test card — no real payment.</strong> This store has no card payments set up, so this form
        stands in for one. Use {spaced(TEST_CARDS.paid)} to pay, or {spaced(TEST_CARDS.declined)} to see a
        declined card.
      </Alert>
      <TextField
        label="Test card number"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="off"
        required
        value={cardNumber}
        onChange={(event) => setCardNumber(event.target.value)}
        error={failure}
      />
      <Button type="submit" className="self-start" disabled={pending || cardNumber.trim() === ''}>
        {pending ? 'Paying…' : 'Pay with the test card'}
      </Button>
    </form>
  );
}
