import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { DESIGN_FONTS, type DesignFontFamily } from '@pod/shared';
import { woffToSfnt } from './woff.ts';

/**
 * The fonts the server renders designs with (decision 0019): the same @fontsource packages the
 * editor loads, their WOFF 1 files converted to TTF once per package version under
 * `<DATA_DIR>/.fonts/<hash>/`, and a fonts.conf that lists ONLY that folder (so no system font
 * changes a render) with `sans-serif` aliased to Noto Sans SC. `FONTCONFIG_FILE` points at it
 * before sharp renders any text; fontconfig reads it once per process.
 */

/** The file-name prefix of a fontsource package's files: its name without the scope. */
const prefixOf = (pkg: string) => pkg.replace(/^@fontsource\//, '');
/**
 * Subsets left out: fontsource's `chinese-simplified` subset file names its family "Noto Sans SC
 * Thin" (a packaging quirk, decision 0018); the numbered unicode-range slices cover the same
 * characters under the right name.
 */
const SKIPPED_SUBSETS = new Set(['chinese-simplified']);

const requireFrom = createRequire(import.meta.url);

function packageDir(pkg: string): string {
  return dirname(requireFrom.resolve(pkg));
}

function packageVersion(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface FontFile {
  family: DesignFontFamily;
  weight: number;
  /** The .woff in node_modules. */
  source: string;
  /** File name of the converted TTF. */
  name: string;
}

/** Every WOFF file of the bundled families and weights. */
export function bundledFontFiles(): FontFile[] {
  const out: FontFile[] = [];
  // One registry (DESIGN_FONTS in @pod/shared) for the editor and the renderer: same packages, same weights.
  for (const { family, package: pkg, weights } of DESIGN_FONTS) {
    const prefix = prefixOf(pkg);
    const dir = join(packageDir(pkg), 'files');
    for (const weight of weights) {
      const pattern = new RegExp(`^${prefix}-(.+)-${weight}-normal\\.woff$`);
      for (const file of readdirSync(dir).sort()) {
        const m = pattern.exec(file);
        if (!m || SKIPPED_SUBSETS.has(m[1]!)) continue;
        out.push({ family, weight, source: join(dir, file), name: file.replace(/\.woff$/, '.ttf') });
      }
    }
  }
  return out;
}

function fontsConf(dir: string): string {
  const esc = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <dir>${esc(dir)}</dir>
  <cachedir>${esc(join(dir, 'cache'))}</cachedir>
  <alias><family>sans-serif</family><prefer><family>Noto Sans SC</family></prefer></alias>
  <alias><family>serif</family><prefer><family>Noto Sans SC</family></prefer></alias>
  <alias><family>monospace</family><prefer><family>Noto Sans SC</family></prefer></alias>
</fontconfig>
`;
}

export interface PreparedFonts {
  dir: string;
  configFile: string;
  files: number;
}

let prepared: PreparedFonts | null = null;

/**
 * Converts the bundled fonts (once per package version; later starts reuse the folder) and points
 * fontconfig at them. Idempotent; the first call of a process decides the folder.
 */
export function prepareFonts(dataDir: string): PreparedFonts {
  if (prepared) return prepared;
  const files = bundledFontFiles();
  const tag = createHash('sha256')
    .update(DESIGN_FONTS.map((f) => `${f.family}@${packageVersion(packageDir(f.package))}`).join('|'))
    .update(files.map((f) => f.name).join('|'))
    .digest('hex')
    .slice(0, 12);
  const root = join(dataDir, '.fonts');
  const dir = join(root, tag);
  const configFile = join(dir, 'fonts.conf');
  if (!existsSync(configFile)) {
    mkdirSync(root, { recursive: true });
    // Built aside and renamed, so a concurrent start never sees half a folder.
    const building = join(root, `${tag}.${process.pid}.${Date.now()}`);
    mkdirSync(building, { recursive: true });
    for (const f of files) writeFileSync(join(building, f.name), woffToSfnt(readFileSync(f.source)));
    writeFileSync(join(building, 'fonts.conf'), fontsConf(dir));
    try {
      renameSync(building, dir);
    } catch {
      rmSync(building, { recursive: true, force: true });
      if (!existsSync(configFile)) throw new Error(`could not prepare fonts in ${dir}`);
    }
  }
  process.env.FONTCONFIG_FILE = configFile;
  prepared = { dir, configFile, files: files.length };
  return prepared;
}

/** The folder of the converted fonts, for the golden-reference generator (same files in Chromium). */
export function preparedFonts(): PreparedFonts | null {
  return prepared;
}
