import { type FormEvent, useEffect, useState } from 'react';
import {
  fieldMessages,
  PASSWORD_MESSAGES,
  PASSWORD_REDIRECT_MS,
  PasswordChange,
} from '@marketplace/domain/accounts/profile';
import { useNavigate } from 'react-router';
import { callApi } from '../../components/account/account-api.ts';
import { AccountPage } from '../../components/account/account-page.tsx';
import { Field } from '../../components/account/field.tsx';
import { Notice, type NoticeValue } from '../../components/account/notice.tsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** /updatepassword: current, new (6+), confirm; on success a message and the profile after 2 s (spec §9). */
export default function UpdatePassword() {
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<NoticeValue>(null);
  const [state, setState] = useState<'idle' | 'saving' | 'done'>('idle');

  useEffect(() => {
    if (state !== 'done') return;
    const timer = setTimeout(() => void navigate('/myprofile'), PASSWORD_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state, navigate]);

  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    const parsed = PasswordChange.safeParse(values);
    // the mismatch is told even while another field is still wrong
    const mismatch = values.confirmPassword !== values.newPassword ? PASSWORD_MESSAGES.mismatch : undefined;
    if (!parsed.success || mismatch) {
      setErrors({
        ...(parsed.success ? {} : fieldMessages(parsed.error)),
        ...(mismatch ? { confirmPassword: mismatch } : {}),
      });
      return setNotice(null);
    }
    setErrors({});
    setState('saving');
    try {
      const result = await callApi<{ message: string }>('/api/profile/password', {
        method: 'PUT',
        body: values,
      });
      if (result.ok) {
        setValues(EMPTY);
        setNotice({ kind: 'success', text: result.data.message });
        return setState('done');
      }
      setErrors(result.fields);
      setNotice({ kind: 'error', text: result.message || PASSWORD_MESSAGES.failed });
    } catch {
      setNotice({ kind: 'error', text: PASSWORD_MESSAGES.error });
    }
    setState('idle');
  }

  return (
    <AccountPage title="Change Password" crumb={{ to: '/myprofile', label: 'Your Profile' }} narrow>
      <Notice notice={notice} />
      <form className="account-form" onSubmit={(event) => void save(event)} noValidate>
        <Field
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <Field
          label="New password"
          type="password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword}
          hint="At least 6 characters."
        />
        <Field
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <div className="form-actions">
          <button type="submit" className="btn" disabled={state !== 'idle'}>
            {state === 'saving' ? 'Updating…' : 'Update Password'}
          </button>
        </div>
      </form>
    </AccountPage>
  );
}
