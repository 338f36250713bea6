import { useEffect, useState } from 'react';
import { Alert } from '../ui/alert.tsx';
import { useProfileText } from './profile-texts.ts';

/** requirements#success-messages: messages vanish after 3 seconds on several forms (errors stay until the next try). */
export const NOTICE_MS = 3_000;

export type NoticeValue = { kind: 'success' | 'error'; text: string } | null;
export const successNotice = (text: string): NoticeValue => ({ kind: 'success', text });
export const errorNotice = (text: string): NoticeValue => ({ kind: 'error', text });

/**
 * A success or error line: success is announced politely and fades, errors are alerts and stay.
 * The domain's and the server's English texts show in the page's language; any other as given.
 */
export function Notice({ notice }: { notice: NoticeValue }) {
  const say = useProfileText();
  const [shown, setShown] = useState(notice);
  useEffect(() => {
    setShown(notice);
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setShown(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  if (!shown) return null;
  return (
    <Alert tone={shown.kind} className="account-notice">
      {say(shown.text)}
    </Alert>
  );
}
