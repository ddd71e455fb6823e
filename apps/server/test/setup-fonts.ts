import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { prepareFonts } from '../src/platform/fonts/fonts.ts';

/**
 * The integration files share one process (vitest `isolate: false`), and fontconfig reads its
 * configuration once per process, at the first text render. So the bundled fonts are prepared
 * here, before any file renders, in a folder that outlives every test app's data directory (a
 * test app's is deleted when its file ends). The first call of a process decides the folder
 * (`prepareFonts`); the folder is keyed by the font packages' versions, so a later run reuses it.
 */
prepareFonts(join(tmpdir(), 'pod-test-fonts'));
