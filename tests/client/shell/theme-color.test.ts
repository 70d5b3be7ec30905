/** The status bar's colour: each theme's page colour, the same in the app and in the pre-paint script, and daisyUI's own. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { THEMES } from '../../../src/shared/limits';
import { applyTheme } from '../../../src/client/features/settings/theme';
import { THEME_COLORS } from '../../../src/client/features/settings/themeColors';

const ROOT = process.cwd();

/** OKLCH (as daisyUI writes its colours) to sRGB hex, clipped to the gamut. */
function oklchToHex(l: number, c: number, h: number): string {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l3 = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m3 = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s3 = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [
    4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3,
    -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3,
    -0.0041960863 * l3 - 0.7034186147 * m3 + 1.707614701 * s3,
  ];
  const gamma = (x: number) => {
    const v = Math.min(1, Math.max(0, x));
    return v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  };
  return `#${linear.map((x) => Math.round(gamma(x) * 255).toString(16).padStart(2, '0')).join('')}`;
}

afterEach(() => {
  document.head.querySelector('meta[name="theme-color"]')?.remove();
});

describe('theme colours', () => {
  it('are daisyUI\'s base-100 of every theme', () => {
    for (const theme of THEMES) {
      const css = readFileSync(join(ROOT, `node_modules/daisyui/theme/${theme}.css`), 'utf8');
      const m = /--color-base-100:\s*oklch\(([\d.]+)%\s+([\d.]+)\s+([\d.]+)\)/.exec(css);
      expect(m, theme).not.toBeNull();
      expect(THEME_COLORS[theme], theme).toBe(oklchToHex(Number(m![1]) / 100, Number(m![2]), Number(m![3])));
    }
  });

  it('are the same in the pre-paint script, which sets them too', () => {
    const script = readFileSync(join(ROOT, 'src/client/theme-init.js'), 'utf8');
    const copied = Object.fromEntries([...script.matchAll(/(\w+): '(#[0-9a-f]{6})'/g)].map((m) => [m[1], m[2]]));
    expect(copied).toEqual(THEME_COLORS);
    expect(script).toContain('meta[name="theme-color"]');
    const html = readFileSync(join(ROOT, 'index.html'), 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLORS.coffee}" />`);
  });

  it('follow the theme applied', () => {
    applyTheme('light');
    const meta = () => document.head.querySelector('meta[name="theme-color"]')?.getAttribute('content');
    expect(meta()).toBe('#ffffff');
    applyTheme('dracula');
    expect(meta()).toBe('#282a36');
    expect(document.head.querySelectorAll('meta[name="theme-color"]')).toHaveLength(1);
  });
});
