/** spec §9: the loading overlay is removed 1 second after it is hidden. */
export const LOADING_OVERLAY_REMOVE_MS = 1000;

/** Fades out index.html's start-up overlay, then removes it from the page. */
export function hideLoadingOverlay(): void {
  const overlay = document.getElementById('app-loading');
  if (!overlay) return;
  overlay.classList.add('app-loading--hidden');
  setTimeout(() => overlay.remove(), LOADING_OVERLAY_REMOVE_MS);
}
