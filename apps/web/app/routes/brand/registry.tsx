import { useState } from 'react';
import { Link } from '../../i18n/link.tsx';
import { REGISTRY_BENEFITS, REGISTRY_LOGIN_URL } from '../../components/brand/registry-content.ts';
import { RegistryTabs } from '../../components/brand/registry-tabs.tsx';
import '../../components/brand/registry.css';

/** The brand registry page (requirements#brand-registry): hero, benefits, and tabs about enrolling, building and protecting a brand. */
export default function BrandRegistry() {
  const [tab, setTab] = useState('enroll');
  const enroll = () => {
    setTab('enroll');
    document.getElementById('registry-tabs')?.scrollIntoView({ behavior: 'smooth' });
  };
  return (
    <main id="main" tabIndex={-1} className="registry">
      <section className="registry-hero">
        <div className="registry-hero-text">
          <p className="registry-kicker">Brand Registry</p>
          <h1>Protect and build your brand</h1>
          <p>
            Whether or not you sell with us, Brand Registry gives you tools to protect your trademark, tell
            your brand&apos;s story and reach more shoppers across India.
          </p>
          <div className="registry-actions">
            <a
              className="registry-btn primary"
              href={REGISTRY_LOGIN_URL}
              target="_blank"
              rel="noopener noreferrer"
            >
              Login to Brand Registry
            </a>
            <a className="registry-btn" href="#registry-overview">
              Watch Overview
            </a>
            <a
              className="registry-btn"
              href="#registry-tabs"
              onClick={(event) => {
                event.preventDefault();
                enroll();
              }}
            >
              Enroll Your Brand
            </a>
          </div>
        </div>
      </section>
      <section id="registry-overview" className="registry-benefits" aria-labelledby="registry-benefits-title">
        <h2 id="registry-benefits-title">What Brand Registry does for you</h2>
        <ul>
          {REGISTRY_BENEFITS.map((benefit) => (
            <li key={benefit.title}>
              <h3>{benefit.title}</h3>
              <p>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>
      <section id="registry-tabs" className="registry-tabs-block">
        <RegistryTabs selected={tab} onSelect={setTab} />
      </section>
      <section className="registry-cta">
        <h2>Sell your brand here too</h2>
        <p>
          Registered brands can open a Brand Store and run Sponsored Brands campaigns once they sell with us.
        </p>
        <Link className="registry-btn primary" to="/seller">
          Start selling
        </Link>
      </section>
    </main>
  );
}
