/** The console's state (core/state.ts) for React: components re-render on each change. */
import { useSyncExternalStore } from 'react';
import { getSaveProblem, getState, subscribe, type ConsoleState } from '../core/state.ts';

export function useConsoleState(): ConsoleState {
  return useSyncExternalStore(subscribe, getState);
}

/** Why changes are not being saved across a reload (the console says so), or undefined while they are. */
export function useSaveProblem(): string | undefined {
  return useSyncExternalStore(subscribe, getSaveProblem);
}
