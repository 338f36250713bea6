import { useEffect, useState } from 'react';
import { CANCEL_LIMITS, type CancelForm } from '@marketplace/domain/orders/cancel';
import { Form, useNavigation } from 'react-router';
import { type CancelSelection, type RowErrors, selectionFields } from './cancel-fields.ts';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { Field, FieldError, TextAreaField } from '../ui/field.tsx';
import { CancelItemRow } from './cancel-item-row.tsx';
import { useRichT, useT } from '../../i18n/intl.tsx';
import { useOrdersText } from './orders-i18n.ts';

/** What the page's action answered: the step to show, and its messages. */
export type CancelReply = {
  step: 'select' | 'code';
  selection: CancelSelection | null;
  rowErrors: RowErrors;
  alert: string | null;
  sentTo: string | null;
  codeError: string | null;
};

const NO_CHOICE = { isTicked: false, quantity: null, reasonIds: [] };

/**
 * requirements#cancel-form: the rows (tick, quantity, reasons) and additional info post to the page's action,
 * which sends the OTP; the OTP form posts the code (and the selection, to keep showing it). Both are
 * plain posted forms: they work before the page's scripts arrive, and with them in place.
 */
export function CancelItemForm({
  form,
  initial,
  reply,
}: {
  form: CancelForm;
  initial: CancelSelection;
  reply: CancelReply | null;
}) {
  const t = useT();
  const rich = useRichT();
  const say = useOrdersText();
  const navigation = useNavigation();
  const posting = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  const intent = posting ? navigation.formData?.get('intent') : null;
  const [choices, setChoices] = useState(initial.choices);
  const [additionalInfo, setAdditionalInfo] = useState(initial.additionalInfo);
  const [code, setCode] = useState('');
  // a message stays until the rows change (each answer of the action brings its own)
  const [alert, setAlert] = useState(reply?.alert ?? null);
  const [rowErrors, setRowErrors] = useState<RowErrors>(reply?.rowErrors ?? {});
  useEffect(() => {
    setAlert(reply?.alert ?? null);
    setRowErrors(reply?.rowErrors ?? {});
  }, [reply]);
  const sentTo = reply?.step === 'code' ? reply.sentTo : null;
  const selection: CancelSelection = { choices, additionalInfo };
  const hasCancellable = form.items.some((item) => item.isCancellable);
  const isLocked = posting || sentTo !== null;

  return (
    <>
      <p className="cancel-order-line">
        {t('orders.orderHash')} <span translate="no">{form.orderNo}</span>
      </p>
      {form.isPrepaid && (
        <Alert tone="info" className="cancel-alert">
          {t('orders.cancel.prepaidRefund')}
        </Alert>
      )}
      {alert && (
        <Alert tone="error" className="cancel-alert">
          {say(alert)}
        </Alert>
      )}
      <Form method="post" className="cancel-form" noValidate>
        <ul className="cancel-items">
          {form.items.map((item) => (
            <CancelItemRow
              key={item.id}
              item={item}
              reasons={form.reasons}
              choice={choices[item.id] ?? NO_CHOICE}
              errors={rowErrors[item.id] ?? {}}
              disabled={isLocked}
              onChange={(next) => {
                setChoices((all) => ({ ...all, [item.id]: next }));
                setAlert(null);
              }}
            />
          ))}
        </ul>
        {hasCancellable && (
          <>
            <TextAreaField
              label={t('orders.cancel.additionalInfo')}
              name="additionalInfo"
              value={additionalInfo}
              maxLength={CANCEL_LIMITS.additionalInfo}
              rows={3}
              disabled={isLocked}
              onChange={(e) => setAdditionalInfo(e.target.value)}
            />
            {sentTo === null && (
              <Button
                type="submit"
                name="intent"
                value="request"
                busy={intent === 'request'}
                disabled={posting}
              >
                {intent === 'request' ? t('orders.submitting') : t('orders.cancel.submit')}
              </Button>
            )}
          </>
        )}
      </Form>
      {sentTo !== null && (
        <Form method="post" className="cancel-otp" noValidate aria-label={t('orders.cancel.confirm')}>
          {selectionFields(selection).map(([name, value], index) => (
            <input key={`${name}-${value}-${index}`} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="sentTo" value={sentTo} />
          <p>
            {rich('orders.cancel.codeSent', {
              to: sentTo,
              name: (chunks) => <span translate="no">{chunks}</span>,
            })}
          </p>
          <div className="cancel-otp-row">
            <Field
              label={t('orders.cancel.enterOtp')}
              id="cancel-otp"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CANCEL_LIMITS.codeLength}
              value={code}
              aria-invalid={reply?.codeError ? true : undefined}
              aria-describedby={reply?.codeError ? 'cancel-otp-error' : undefined}
              onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, ''))}
            />
            {/* the first button answers Enter in the code box */}
            <Button type="submit" name="intent" value="verify" busy={intent === 'verify'} disabled={posting}>
              {intent === 'verify' ? t('orders.cancel.verifying') : t('orders.cancel.verify')}
            </Button>
          </div>
          {reply?.codeError && (
            <FieldError id="cancel-otp-error" alert>
              {say(reply.codeError)}
            </FieldError>
          )}
          <Button
            type="submit"
            name="intent"
            value="change"
            variant="secondary"
            small
            disabled={posting}
            formNoValidate
          >
            {t('orders.cancel.changeSelection')}
          </Button>
        </Form>
      )}
    </>
  );
}
