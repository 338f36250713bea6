import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from '../i18n/link.tsx';
import { categoryListingPath } from '@marketplace/domain/catalog/categories';
import type { CategoryMenu as Menu, ShellUser } from '../lib/services.ts';
import { Dialog } from './ui/dialog.tsx';
import { useT } from '../i18n/intl.tsx';

/**
 * The off-canvas category menu (requirements#category-menu): closed, the main list of top categories, or one
 * category's submenu whose groups expand and collapse individually. An outside click, Escape,
 * Close or choosing a link closes it and resets it to the main list. The kit's modal dialog, so
 * focus stays inside while it is open and returns to the menu button after.
 */
export function CategoryMenu({ menu, user }: { menu: Menu; user: ShellUser | null }) {
  const t = useT();
  const inner = useRef<HTMLDivElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const lastTop = useRef<number | null>(null);
  const current = menu.find((top) => top.id === openId) ?? null;

  // closing resets the menu to its main list
  const close = () => {
    setIsOpen(false);
    setOpenId(null);
    setExpanded(new Set());
  };

  // move focus with the view: to 'Back to Menu' in a submenu, back to the chosen category after;
  // in the frame of the key that changed it (ADR-0020: plain effects run a frame later)
  useLayoutEffect(() => {
    const root = inner.current;
    if (!root || !isOpen) return;
    if (openId !== null) root.querySelector<HTMLElement>('.side-back')?.focus();
    else if (lastTop.current !== null)
      root.querySelector<HTMLElement>(`[data-top="${lastTop.current}"]`)?.focus();
  }, [openId, isOpen]);

  const toggle = (id: number) =>
    setExpanded((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <button
        type="button"
        className="all-button"
        aria-haspopup="dialog"
        onClick={() => {
          lastTop.current = null;
          setIsOpen(true);
        }}
      >
        <svg viewBox="0 0 20 16" aria-hidden="true" className="burger">
          <path d="M1 2h18M1 8h18M1 14h18" stroke="currentColor" strokeWidth="2" />
        </svg>
        {t('menu.all')}
      </button>
      <Dialog open={isOpen} onClose={close} label={t('menu.shopByCategory')} variant="side">
        <div className="side-inner" ref={inner}>
          <div className="side-head">
            <span>{user ? t('account.hello', { name: user.firstName }) : t('account.helloSignIn')}</span>
            <button type="button" className="side-close" onClick={close} aria-label={t('menu.close')}>
              ×
            </button>
          </div>
          {current === null ? (
            <nav aria-labelledby="side-title">
              <h2 id="side-title">{t('menu.shopByCategory')}</h2>
              <ul className="side-list">
                {menu.map((top) => (
                  <li key={top.id}>
                    <button
                      type="button"
                      data-top={top.id}
                      onClick={() => {
                        lastTop.current = top.id;
                        setOpenId(top.id);
                      }}
                    >
                      <span translate="no">{top.name}</span>
                      <span aria-hidden="true" className="chevron">
                        ›
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
          ) : (
            <nav aria-labelledby="side-sub-title">
              <button type="button" className="side-back" onClick={() => setOpenId(null)}>
                <span aria-hidden="true">‹</span> {t('menu.back')}
              </button>
              <h2 id="side-sub-title" translate="no">
                {current.name}
              </h2>
              <Link className="side-all" to={categoryListingPath(1, current.name)} onClick={close}>
                {t('menu.seeAllIn', { name: current.name })}
              </Link>
              <ul className="side-list">
                {current.groups.map((group) => {
                  const isOpen = expanded.has(group.id);
                  return (
                    <li key={group.id}>
                      <button
                        type="button"
                        aria-expanded={isOpen}
                        aria-controls={`side-group-${group.id}`}
                        onClick={() => toggle(group.id)}
                      >
                        <span translate="no">{group.name}</span>
                        <span aria-hidden="true" className="chevron">
                          {isOpen ? '−' : '+'}
                        </span>
                      </button>
                      <ul id={`side-group-${group.id}`} className="side-entries" hidden={!isOpen}>
                        <li>
                          <Link to={categoryListingPath(2, group.name)} onClick={close}>
                            {t('menu.allOf', { name: group.name })}
                          </Link>
                        </li>
                        {group.entries.map((entry) => (
                          <li key={entry.id}>
                            <Link to={categoryListingPath(3, entry.name)} onClick={close}>
                              <span translate="no">{entry.name}</span>
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </li>
                  );
                })}
              </ul>
            </nav>
          )}
        </div>
      </Dialog>
    </>
  );
}
