import { type KeyboardEvent, useRef } from 'react';
import { REGISTRY_FAQS, REGISTRY_TABS } from './registry-content.ts';

const TABS = [...REGISTRY_TABS.map((t) => ({ id: t.id, label: t.label })), { id: 'faqs', label: 'FAQs' }];

/** The registry page's tabs: an accessible tablist (arrow keys, Home and End move between tabs). */
export function RegistryTabs({ selected, onSelect }: { selected: string; onSelect: (id: string) => void }) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = TABS.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    const tab = TABS[next];
    if (!tab) return;
    onSelect(tab.id);
    buttons.current[next]?.focus();
  };
  return (
    <div className="registry-tabs">
      <div role="tablist" aria-label="Brand Registry" className="registry-tablist">
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`tab-${tab.id}`}
            aria-selected={selected === tab.id}
            aria-controls={`panel-${tab.id}`}
            tabIndex={selected === tab.id ? 0 : -1}
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {REGISTRY_TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`panel-${tab.id}`}
          aria-labelledby={`tab-${tab.id}`}
          hidden={selected !== tab.id}
          tabIndex={0}
          className="registry-panel"
        >
          <p className="registry-intro">{tab.intro}</p>
          <ul className="registry-items">
            {tab.items.map((item) => (
              <li key={item.title}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <div
        role="tabpanel"
        id="panel-faqs"
        aria-labelledby="tab-faqs"
        hidden={selected !== 'faqs'}
        tabIndex={0}
        className="registry-panel"
      >
        {REGISTRY_FAQS.map((faq) => (
          <details key={faq.question} className="registry-faq">
            <summary>{faq.question}</summary>
            <p>{faq.answer}</p>
          </details>
        ))}
      </div>
    </div>
  );
}
