import { messageForError } from '@crossbuy/core/errors';
import { QUOTATION_DECLINE_REASON_MAX_LENGTH, type QuotationDeskItem } from '@crossbuy/core/quotation';
import { useState } from 'react';
import { AskFirst } from '../../../components/ui/ask-first';
import { CONTROL_CLASSES, FieldFrame } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { useDeclineQuotation } from '../api/quotation-desk-api';

/** Declines the request with a reason the shopper reads, after asking. */
export function DeclineForm({ item, onAnswered }: { item: QuotationDeskItem; onAnswered: () => void }) {
  const [reason, setReason] = useState('');
  const decline = useDeclineQuotation(item.id);
  const trimmed = reason.trim();

  return (
    <Panel headingId="decline-heading" title="Or decline it" gap={4}>
      <FieldFrame
        label="Reason for the shopper"
        hint="The shopper reads this with the answer."
        error={decline.isError ? messageForError(decline.error) : undefined}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            maxLength={QUOTATION_DECLINE_REASON_MAX_LENGTH}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={CONTROL_CLASSES}
          />
        )}
      </FieldFrame>
      {trimmed === '' ? (
        <p className="text-sm text-muted">Give a reason to decline.</p>
      ) : (
        <AskFirst
          label="Decline"
          question={`Decline ${item.name}? The shopper is told: “${trimmed}”`}
          confirmLabel="Yes, decline"
          busyLabel="Declining…"
          keepLabel="Keep it waiting"
          busy={decline.isPending}
          onConfirm={() => decline.mutateAsync(trimmed).then(onAnswered, () => undefined)}
        />
      )}
    </Panel>
  );
}
