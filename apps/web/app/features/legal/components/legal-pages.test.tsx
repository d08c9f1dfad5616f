import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { PrivacyContent } from './privacy-content';
import { TermsContent } from './terms-content';

afterEach(cleanup);

function renderPage(Page: () => React.ReactElement) {
  const Stub = createRoutesStub([{ path: '/page', Component: Page }]);
  render(<Stub initialEntries={['/page']} />);
}

describe.each([
  ['terms', TermsContent, 'Terms and conditions', '/privacy'],
  ['privacy', PrivacyContent, 'Privacy notice', '/terms'],
])('the %s page', (_name, Page, title, otherPage) => {
  it('lists its sections first, each linked to its numbered heading', () => {
    renderPage(Page);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(title);
    const contents = screen.getByRole('navigation', { name: 'Contents' });
    const links = within(contents).getAllByRole('link');
    expect(links.length).toBeGreaterThan(5);
    links.forEach((link, index) => {
      const target = document.getElementById(link.getAttribute('href')?.slice(1) ?? '');
      expect(target?.tagName).toBe('H2');
      expect(target?.textContent).toBe(`${index + 1}. ${link.textContent}`);
    });
  });

  it('links the other page', () => {
    renderPage(Page);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toContain(otherPage);
  });
});
