/**
 * What the client needs from the UI: toasts and navigation. The app shell binds these from inside
 * antd's <App> and the router, so the client itself stays free of React and runs in node tests.
 */
export interface ClientUiBindings {
  showSuccess(message: string): void;
  showError(message: string): void;
  /** spec §7: code 302 navigates to data.routePath. */
  navigate(path: string): void;
}

let bindings: ClientUiBindings | null = null;

/** Binds the UI; returns the function that unbinds it. */
export function bindClientUi(next: ClientUiBindings): () => void {
  bindings = next;
  return () => {
    if (bindings === next) bindings = null;
  };
}

/** The bound UI, or null before the shell mounted (and in unit tests). */
export function clientUi(): ClientUiBindings | null {
  return bindings;
}
