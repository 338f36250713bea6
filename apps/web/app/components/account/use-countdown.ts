import { useEffect, useState } from 'react';
import { useHydrated } from '../../lib/use-hydrated.ts';

/**
 * Seconds before Resend OTP is offered again: `seconds` from each new `sent` (the action's answer
 * that reports a code sent; null for any other answer, which leaves a running countdown alone).
 * Before the page's scripts run it is 0: the Resend button is a posted form, and the server holds
 * every destination to one code per 30 seconds (requirements#one-time-codes).
 */
export function useResendCountdown(sent: object | null, seconds: number): number {
  const hydrated = useHydrated();
  const [started, setStarted] = useState<{ by: object; until: number } | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (sent) setStarted({ by: sent, until: Date.now() + seconds * 1000 });
  }, [sent, seconds]);
  useEffect(() => {
    if (!started) return;
    setNow(Date.now());
    const timer = window.setInterval(() => {
      setNow(Date.now());
      if (Date.now() >= started.until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [started]);
  if (!hydrated) return 0;
  // a code just went out: the clock starts in the effect above
  if (sent && started?.by !== sent) return seconds;
  if (!started) return 0;
  return Math.min(seconds, Math.max(0, Math.ceil((started.until - now) / 1000)));
}
