import { Form, useNavigation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import type { CodeAnswer } from './code-action.server.ts';

/** The 6-digit code's form: posts to its page's action, with or without scripts. */
export function CodeForm({ answer, submitLabel }: { answer: CodeAnswer | undefined; submitLabel: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST';
  return (
    <Form method="post" noValidate>
      {answer && !answer.fields.code && <Alert tone="error">{answer.error}</Alert>}
      <Field
        label="6-digit code"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9 ]*"
        maxLength={7}
        required
        error={answer?.fields.code}
      />
      <Button type="submit" disabled={busy}>
        {submitLabel}
      </Button>
    </Form>
  );
}
