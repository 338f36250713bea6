import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { HomePage, type HomePageData } from './pages/home.tsx';
import { NotFoundPage } from './pages/not-found.tsx';

export type { HomePageData } from './pages/home.tsx';
export { NOT_FOUND_TITLE } from './pages/not-found.tsx';

const doctype = '<!doctype html>';

export function renderHomePage(data: HomePageData): string {
  return doctype + renderToString(createElement(HomePage, { data }));
}

export function renderNotFoundPage(): string {
  return doctype + renderToString(createElement(NotFoundPage));
}
