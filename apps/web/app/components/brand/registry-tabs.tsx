import { Tabs } from '../ui/tabs.tsx';
import { REGISTRY_FAQS, REGISTRY_TABS } from './registry-content.ts';

const TABS = [
  ...REGISTRY_TABS.map((tab) => ({
    id: tab.id,
    label: tab.label,
    panel: (
      <>
        <p className="registry-intro">{tab.intro}</p>
        <ul className="registry-items">
          {tab.items.map((item) => (
            <li key={item.title}>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </li>
          ))}
        </ul>
      </>
    ),
  })),
  {
    id: 'faqs',
    label: 'FAQs',
    panel: REGISTRY_FAQS.map((faq) => (
      <details key={faq.question} className="registry-faq">
        <summary>{faq.question}</summary>
        <p>{faq.answer}</p>
      </details>
    )),
  },
];

/** The registry page's tabs: what Brand Registry gives, and its FAQs. */
export function RegistryTabs({ selected, onSelect }: { selected: string; onSelect: (id: string) => void }) {
  return (
    <Tabs
      label="Brand Registry"
      tabs={TABS}
      selected={selected}
      onSelect={onSelect}
      className="registry-tabs"
    />
  );
}
