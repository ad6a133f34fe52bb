// axe-core (npm, pinned in package-lock.json) run in the page: the accessibility violations a
// test must not leave, as short readable strings.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const AXE = require.resolve('axe-core/axe.min.js');

/** Serious and critical violations on the page as it is: ["rule: target (impact)", ...]. */
export async function axeViolations(page) {
    if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: AXE });
    const violations = await page.evaluate(async () => {
        const result = await window.axe.run(document, { resultTypes: ['violations'] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact,
                                               targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
    });
    return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.targets.join(', ')} (${v.impact})`);
}
