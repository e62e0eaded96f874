/**
 * The frame: header (views, role, theme), the sidebar of modules and operations with search
 * (`/` or Ctrl+K, Enter opens the top hit), the page. Below ~700 px the sidebar is a drawer
 * opened from the header.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useConsoleState, useSaveProblem } from '../blocks/console-state.ts';
import { displayName, groups, routeOf, summariesLoaded } from '../core/operations.ts';
import { currentRole, effectiveTheme, setState } from '../core/state.ts';
import { AuthPanel } from '../features/auth/auth-panel.tsx';

/** Said whenever a change cannot be kept across a reload: never a silent loss. */
function SaveProblem() {
  const problem = useSaveProblem();
  return problem ? (
    <p role="alert" className="save-problem" data-testid="save-problem">
      Your last change was not saved: {problem}. It holds until you reload this page. Delete some history or saved
      requests to make room.
    </p>
  ) : null;
}

function useSystemTheme(): void {
  const [, rerender] = useState(0);
  useEffect(() => {
    const media = matchMedia('(prefers-color-scheme: dark)');
    const changed = () => rerender((n) => n + 1);
    media.addEventListener('change', changed);
    return () => media.removeEventListener('change', changed);
  }, []);
}

export function Layout() {
  const state = useConsoleState();
  const [filter, setFilter] = useState('');
  const [drawer, setDrawer] = useState(false);
  const [, setSummaries] = useState(false);
  const search = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const location = useLocation();
  const role = currentRole(state);
  useSystemTheme();
  const theme = effectiveTheme(state);
  const found = groups(filter);

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
  }, [theme]);
  useEffect(() => void summariesLoaded.then(() => setSummaries(true)), []);
  // A page opened from the drawer closes it.
  useEffect(() => setDrawer(false), [location.pathname]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const typing = e.target instanceof HTMLElement && e.target.closest('input, textarea, select, [contenteditable]');
      if (e.key === 'Escape') setDrawer(false);
      if ((e.key === '/' && !typing) || (e.key.toLowerCase() === 'k' && (e.ctrlKey || e.metaKey))) {
        e.preventDefault();
        setDrawer(true);
        requestAnimationFrame(() => search.current?.focus());
      }
    };
    addEventListener('keydown', onKey);
    return () => removeEventListener('keydown', onKey);
  }, []);

  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  return (
    <div className={drawer ? 'app drawer-open' : 'app'}>
      <a
        href="#main"
        className="skip-link"
        onClick={(e) => {
          // Focus the page itself rather than changing the URL's hash (the router owns the URL).
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to the page
      </a>
      <header className="top">
        <button
          type="button"
          className="drawer-toggle"
          aria-expanded={drawer}
          aria-controls="sidebar"
          onClick={() => setDrawer(!drawer)}
        >
          {drawer ? 'Close operations' : 'Operations'}
        </button>
        <Link to="/" className="brand">
          storefront-kit console
        </Link>
        <nav aria-label="Views">
          <NavLink to="/sandbox">Sandbox</NavLink> <NavLink to="/history">History</NavLink>{' '}
          <NavLink to="/flows">Guided flows</NavLink>
        </nav>
        <span className="role" data-testid="role">
          role: {role}
        </span>
        <button type="button" onClick={() => setState({ theme: nextTheme })}>
          {nextTheme === 'dark' ? 'Dark theme' : 'Light theme'}
        </button>
      </header>
      <aside className="sidebar" id="sidebar" aria-label="Operations sidebar">
        <label htmlFor="op-search" className="visually-hidden">
          Search operations
        </label>
        <input
          id="op-search"
          ref={search}
          type="search"
          placeholder="Search operations ( / )"
          aria-describedby="op-search-count"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          onKeyDown={(e) => {
            const top = found[0]?.[1][0];
            if (e.key === 'Enter' && top) {
              e.preventDefault();
              navigate(routeOf(top));
            }
          }}
        />
        <p id="op-search-count" className="search-count" role="status">
          {filter.trim()
            ? found.length
              ? `${found.reduce((n, [, ops]) => n + ops.length, 0)} matches; Enter opens the first`
              : 'No matches'
            : ''}
        </p>
        <nav aria-label="Operations">
          {found.map(([module, ops]) => (
            <section key={module}>
              <h2>{module}</h2>
              <ul>
                {ops.map((d) => (
                  <li key={d.key}>
                    <NavLink to={routeOf(d)} title={`${d.method} ${d.path} (caller: ${d.caller})`}>
                      <span className={`method method-${d.method.toLowerCase()}`}>{d.method}</span> {displayName(d)}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </aside>
      <main id="main" tabIndex={-1}>
        <SaveProblem />
        <AuthPanel />
        <Outlet />
      </main>
    </div>
  );
}
