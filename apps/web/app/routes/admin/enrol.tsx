import { StaffEnrolment } from '@marketplace/domain/admin/staff-api';
import { data, redirect, useActionData, useLoaderData } from 'react-router';
import { requestApi } from '../../lib/account-api.ts';
import { loginPathFor } from '../../lib/page-api.server.ts';
import type { ActionArgs, LoaderArgs } from '../../lib/services.ts';
import { postCode } from './code-action.server.ts';
import { CodeForm } from './code-form.tsx';

export async function loader({ request, context }: LoaderArgs) {
  const result = await requestApi(context.api, 'GET', '/api/admin/enrolment', StaffEnrolment);
  if (result.ok) return result.data;
  if (result.kind === 'refused' && result.status === 401) return redirect(loginPathFor(request));
  if (result.kind === 'refused' && result.status === 409) return redirect('/admin');
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  if (result.kind === 'refused') throw data(result.message, { status: result.status });
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- the route's error boundary shows it
  throw data('This page could not be loaded. Please try again.', { status: 503 });
}

export const action = (args: ActionArgs) => postCode(args, '/api/admin/enrolment');

export function meta() {
  return [{ title: 'Set up your authenticator app · Console' }];
}

/** requirements#operator-console: the first visit sets up the second factor. */
export default function Enrol() {
  const enrolment = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <div className="admin-code">
      <h1>Set up your authenticator app</h1>
      <p>
        The console asks for a code from an authenticator app (Google Authenticator, Microsoft Authenticator,
        1Password and others) each time you log in. Scan this QR code with the app:
      </p>
      {/* drawn on the server from the otpauth address: bars only, no text from anyone */}
      <div
        className="admin-qr"
        role="img"
        aria-label="QR code of your authenticator secret"
        dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
      />
      <p>
        Or type this key into the app ({enrolment.issuer}, account {enrolment.account}):
      </p>
      <code className="admin-secret" data-testid="totp-secret">
        {enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}
      </code>
      <p>Then enter the 6-digit code the app shows.</p>
      <CodeForm answer={answer} submitLabel="Set up" />
    </div>
  );
}
