/** The frame: header (target, role, theme), the sidebar of modules and operations with search, the page. */
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import { AuthPanel } from './auth-panel.tsx';
import { groups, routeOf } from './operations.ts';
import { callerAllows } from './caller.ts';
import { currentRole, setState, useConsoleState } from './state.ts';

export function Layout() {
  const state = useConsoleState();
  const [filter, setFilter] = useState('');
  const role = currentRole(state);
  useEffect(() => {
    document.documentElement.dataset.theme = state.theme;
  }, [state.theme]);
  return (
    <div className="app">
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
        <Link to="/" className="brand">
          storefront-kit console
        </Link>
        <nav aria-label="Views">
          <NavLink to="/sandbox">Sandbox</NavLink> <NavLink to="/history">History</NavLink> <NavLink to="/flows">Guided flows</NavLink>
        </nav>
        <span className="role" data-testid="role">
          role: {role}
        </span>
        <button
          type="button"
          aria-label="Toggle dark theme"
          aria-pressed={state.theme === 'dark'}
          onClick={() => setState({ theme: state.theme === 'dark' ? 'light' : 'dark' })}
        >
          {state.theme === 'dark' ? 'Light theme' : 'Dark theme'}
        </button>
      </header>
      <aside className="sidebar" aria-label="Operations sidebar">
        <label htmlFor="op-search" className="visually-hidden">
          Search operations
        </label>
        <input id="op-search" type="search" placeholder="Search operations" value={filter} onChange={(e) => setFilter(e.target.value)} />
        <nav aria-label="Operations">
          {groups(filter).map(([module, ops]) => (
            <section key={module}>
              <h2>{module}</h2>
              <ul>
                {ops.map((d) => (
                  <li key={d.key}>
                    <NavLink to={routeOf(d)} className={callerAllows(d, role) ? '' : 'not-allowed'} title={callerAllows(d, role) ? d.path : `needs ${d.caller}; you are ${role}`}>
                      <span className={`method method-${d.method.toLowerCase()}`}>{d.method}</span> {d.operationId}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </nav>
      </aside>
      <main id="main" tabIndex={-1}>
        <AuthPanel />
        <Outlet />
      </main>
    </div>
  );
}
