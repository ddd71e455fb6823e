/** Root font size (px) at a viewport width of 1680 px and wider: fixed (spec §9). */
export const ROOT_FONT_MAX = 16;
/** Root font size (px) at 370 px and narrower. */
export const ROOT_FONT_MIN = 12;
/** Root font size (px) at 800 px, where the phone range of spec §9 ends. */
export const ROOT_FONT_PHONE_MAX = 14;

const lerp = (from: number, to: number, ratio: number) => from + (to - from) * ratio;

/**
 * spec §9: "root font size scaled from viewport width (fixed above 1680 px, scaled 370–800 px)".
 * Read as a continuous curve: 12 px up to 370 px, scaled to 14 px at 800 px, then growing to 16 px at
 * 1680 px and fixed beyond. Rounded to a tenth of a pixel.
 */
export function rootFontSize(viewportWidth: number): number {
  let size: number;
  if (viewportWidth >= 1680) size = ROOT_FONT_MAX;
  else if (viewportWidth <= 370) size = ROOT_FONT_MIN;
  else if (viewportWidth <= 800)
    size = lerp(ROOT_FONT_MIN, ROOT_FONT_PHONE_MAX, (viewportWidth - 370) / (800 - 370));
  else size = lerp(ROOT_FONT_PHONE_MAX, ROOT_FONT_MAX, (viewportWidth - 800) / (1680 - 800));
  return Math.round(size * 10) / 10;
}

/** Keeps `<html>`'s font size in step with the window width; returns the unsubscribe. */
export function trackRootFontSize(): () => void {
  const apply = () => {
    document.documentElement.style.fontSize = `${rootFontSize(window.innerWidth)}px`;
  };
  apply();
  window.addEventListener('resize', apply);
  return () => window.removeEventListener('resize', apply);
}
