import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { Link } from '../../i18n/link.tsx';

export type Tab = { id: string; label: ReactNode; panel: ReactNode };

/**
 * Tabs as the ARIA pattern asks: a tablist whose arrow keys, Home and End move between tabs (the
 * chosen one is the only tab stop), each tab controlling its panel. Every panel is in the HTML,
 * hidden but the chosen one, so a page without scripts still carries the content.
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  className,
}: {
  label: string;
  tabs: readonly Tab[];
  selected: string;
  onSelect: (id: string) => void;
  className?: string;
}) {
  const base = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const keys: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const next = keys[event.key];
    const tab = next === undefined ? undefined : tabs[next];
    if (next === undefined || !tab) return;
    event.preventDefault();
    onSelect(tab.id);
    buttons.current[next]?.focus();
  };
  return (
    <div className={className ? `ui-tabs ${className}` : 'ui-tabs'}>
      <div role="tablist" aria-label={label} className="ui-tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`${base}-panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${base}-panel-${tab.id}`}
          aria-labelledby={`${base}-tab-${tab.id}`}
          hidden={selected !== tab.id}
          tabIndex={0}
          className="ui-tabpanel"
        >
          {tab.panel}
        </div>
      ))}
    </div>
  );
}

export type TabLink = { id: string; label: ReactNode; to: string; count?: number };

/**
 * Tabs that are links (a list filtered by its URL: Seller Central's orders and returns): each
 * tab is its own page, so Back, a shared link and a browser without scripts all work. The
 * current one is marked `aria-current`; a count shows beside each label.
 */
export function TabLinks({
  label,
  tabs,
  current,
}: {
  label: string;
  tabs: readonly TabLink[];
  current: string;
}) {
  return (
    <nav aria-label={label} className="ui-tablinks">
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link to={tab.to} aria-current={tab.id === current ? 'page' : undefined} className="ui-tablink">
              {tab.label}
              {tab.count !== undefined && <span className="ui-tablink-count">{tab.count}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
