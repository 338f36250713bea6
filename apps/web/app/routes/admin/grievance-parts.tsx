// requirements#grievances: the console's pieces for complaints: a deadline with its flag.
import { DEADLINE_LABELS, type DeadlineState } from '@marketplace/domain/grievances/grievances';
import { Badge, type BadgeTone } from '../../components/ui/table.tsx';
import { formatMoment } from './format.ts';
import './grievances.css';

const DEADLINE_TONES: Record<DeadlineState, BadgeTone> = {
  'on-track': 'neutral',
  'due-soon': 'warning',
  overdue: 'danger',
  met: 'success',
  missed: 'warning',
};

/** A deadline: when it falls (India's time) and where it stands. */
export function Deadline({ due, state }: { due: string; state: DeadlineState }) {
  return (
    <span className="admin-grv-deadline" data-state={state}>
      <Badge tone={DEADLINE_TONES[state]}>{DEADLINE_LABELS[state]}</Badge>{' '}
      <span className="admin-grv-due">by {formatMoment(due)}</span>
    </span>
  );
}

export const GRIEVANCES_PATH = '/admin/grievances';
export const OFFICER_PATH = '/admin/grievances/officer';
