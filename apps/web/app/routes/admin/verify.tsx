import { useActionData } from 'react-router';
import type { ActionArgs } from '../../lib/services.ts';
import { postCode } from './code-action.server.ts';
import { CodeForm } from './code-form.tsx';

export const action = (args: ActionArgs) => postCode(args, '/api/admin/verification');

export function meta() {
  return [{ title: 'Enter your code · Console' }];
}

/** requirements#operator-console: each new session, and after 30 idle minutes, the code again. */
export default function Verify() {
  const answer = useActionData<typeof action>();
  return (
    <div className="admin-code">
      <h1>Enter your code</h1>
      <p>Open your authenticator app and enter the 6-digit code it shows for the console.</p>
      <CodeForm answer={answer} submitLabel="Continue" />
    </div>
  );
}
